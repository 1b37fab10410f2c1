#pragma once

#include "Identity.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw {
class Database;
}

namespace cw::inline review {

// What each review action on a proposal would be refused for, asked before
// anyone types a reason: the front ends disable an action and say why with
// this answer. It is the workflow's own refusal (Access, ReviewRules and the
// actions' standing checks), read without writing; only the version is left
// out, because the action is taken on the version shown.
struct ActionRefusals
{
    std::optional<Refusal> approve;
    std::optional<Refusal> reject;
    std::optional<Refusal> returnProposal;
    // Supersede the article's active revision with this proposal.
    std::optional<Refusal> supersede;
    // Retire the article's active revision.
    std::optional<Refusal> retire;
};

class ReviewChecks
{
public:
    ReviewChecks(const Database &db, Actor actor);

    // A proposal that cannot be read gives every action its NotFound or
    // Failed refusal.
    ActionRefusals forProposal(const QString &proposalId) const;

private:
    const Database &m_db;
    Actor m_actor;
};

} // namespace cw::inline review
