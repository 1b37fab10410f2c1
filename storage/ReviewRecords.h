#pragma once

#include <QString>

#include <cstdint>

// Sign-offs and decisions on revisions.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

// One row of the reviews table: a decision (approve, reject, return) on a
// revision, taken in a role on a given version. Only approvals are ever
// marked outdated.
struct ReviewRecord
{
    std::int64_t id = 0;
    std::int64_t revisionId = 0;
    QString decision;           // approve, reject, return
    QString role;               // curator, domain_owner
    QString principal;          // real principal (the OS login)
    QString effectivePrincipal; // whose sign-off this is
    int onVersion = 0;
    QString reason;
    bool outdated = false;
    QString outdatedReason;
    QString at;
    // The login that gave it: the OS login on a file, the database role on
    // a server (signInName). Empty for rows written before schema 12.
    QString login;

    bool isCurrentApproval() const { return decision == QLatin1String("approve") && !outdated; }
};

} // namespace cw
