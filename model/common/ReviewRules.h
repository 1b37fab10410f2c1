#pragma once

#include "Records.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw::inline common {

// Who may do what, which proof level the evidence supports, and when both
// sign-offs are there. Pure functions of the records: no database, no clock.
class ReviewRules
{
public:
    // The roles in which the principal may approve, reject or return a
    // revision of the article: curator, and domain_owner when it owns the
    // article's domain.
    static QStringList reviewRoles(const PrincipalRecord &principal, const ArticleRecord &article);

    // nullopt when allowed; otherwise a Forbidden refusal naming who and what.
    // A refusal's verb (the vocabulary's English name: approve, edit, ...) in
    // the installed translation; the CLI installs none and keeps the English.
    static QString verbText(const QString &verb);
    static std::optional<Refusal> mayReview(const PrincipalRecord &principal,
                                            const ArticleRecord &article, const QString &subject,
                                            const QString &verb);
    static std::optional<Refusal> maySupersede(const PrincipalRecord &principal,
                                               const ArticleRecord &article);
    static std::optional<Refusal> mayRetire(const PrincipalRecord &principal,
                                            const ArticleRecord &article);
    // Reviewers, and the principal who made the proposal.
    static std::optional<Refusal> mayEdit(const PrincipalRecord &principal,
                                          const ArticleRecord &article,
                                          const ProposalRecord &proposal);

    // The highest proof level the linked proof records support: verified
    // (a linked proof is verified), executed (any linked proof), proposed.
    static QString supportedLevel(const QList<ProofRecord> &linked);
    static int rank(const QString &proofLevel);
    // nullopt when the claimed level is supported; otherwise Invalid naming
    // the evidence.
    static std::optional<Refusal> checkProofLevel(const QString &proposalId, const QString &claimed,
                                                  const QList<ProofRecord> &linked,
                                                  const QString &what = QStringLiteral("claims"));

    // The role a new approval counts in: the first of the principal's review
    // roles whose sign-off is still missing, else its first role.
    static QString roleForApproval(const QStringList &roles, const QList<ReviewRecord> &reviews);
    // Both sign-offs present among the current approvals: a curator and a
    // domain owner, two different principals and two different real ones.
    static bool signOffsComplete(const QList<ReviewRecord> &reviews);
    // "a domain owner of data", "a curator", or empty when complete.
    static QString missingSignOff(const QList<ReviewRecord> &reviews, const QString &domain);
    static QList<ReviewRecord> currentApprovals(const QList<ReviewRecord> &reviews);
    static QList<ReviewRecord> approvals(const QList<ReviewRecord> &reviews);
};

} // namespace cw::inline common
