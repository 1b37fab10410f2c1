#pragma once

#include "Identity.h"
#include "Result.h"
#include "Vocabulary.h"

#include <QList>
#include <QString>

#include <optional>

namespace cw {
class Database;
}
namespace cw::inline common {
struct ArticleSubject;
struct ProposalSubject;
} // namespace cw::inline common

namespace cw::inline review {

// Whose turn a proposal is (as Gerrit's attention set says for a change):
// the sign-offs still missing on a pending one, the curator who supersedes
// an approved one, the proposer of a returned one, nobody once rejected or
// published. `you` says that the acting principal may take that step now.
struct WaitingFor
{
    enum class Who
    {
        Nobody,
        Reviewers, // a curator and a domain owner of the domain, neither has signed
        Curator,
        DomainOwner,
        Proposer
    };
    Who who = Who::Nobody;
    QString domain;   // for the domain owner
    QString proposer; // for Who::Proposer
    bool you = false;

    // "you", "curator", "owner of data", "curator, owner of data",
    // "proposer agent-data", "nobody".
    QString text() const;
    // The same in a sentence, for a tooltip: who, and what they do next.
    QString detail() const;
    bool operator==(const WaitingFor &) const = default;
};

// Decides WaitingFor from the rules the workflow applies: the missing
// sign-offs (ReviewRules), who may give one (Access::mayReview,
// Access::maySignOff), who may supersede (ArticleLifecycle's checks).
class ReviewTurns
{
public:
    // Without an actor nothing is anyone's turn in particular (`you` stays false).
    ReviewTurns(const Database &db, std::optional<Actor> actor);

    // The statuses in which a proposal can be someone's turn; in any other
    // (rejected, published) it waits for nobody, whoever asks. Counting "my
    // turn" reads only proposals in these, not the whole queue.
    static QList<ProposalStatus> openStatuses();

    Result<WaitingFor> waitingFor(const QString &proposalId) const;
    // article: needed for an approved proposal only (who may supersede).
    WaitingFor decide(const ProposalSubject &proposal, const ArticleSubject *article) const;

private:
    const Database &m_db;
    std::optional<Actor> m_actor;
};

} // namespace cw::inline review
