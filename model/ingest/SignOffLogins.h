#pragma once

#include "Records.h"
#include "Result.h"
#include "Statement.h"

namespace cw {
class Database;
}

namespace cw::inline ingest {

// A login that gave a sign-off on a proposal still waiting for its second
// keeps its principal until the proposal is decided (issue #36, item 4):
// otherwise one person could give the first sign-off, map their login onto
// the principal of the other role by ingest, and give the second. (The two
// sign-offs also need two logins, ReviewRules::signOffsComplete; this keeps
// the mapping from being changed under an open review at all.)
class SignOffLogins
{
public:
    explicit SignOffLogins(const Database &db);

    // A refusal when changed takes a login (os_user or db_role) it did not
    // have before (old: nullptr for a new principal) that gave a current
    // sign-off on a pending proposal.
    Status checkReassignment(const PrincipalRecord *old, const PrincipalRecord &changed);

private:
    Status checkLogin(const QString &field, const QString &login, const QString &principal);

    Statement m_openSignOff;
};

} // namespace cw::inline ingest
