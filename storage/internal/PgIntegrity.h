#pragma once

#include "Result.h"

#include <QStringList>

namespace cw {

class PgConnection;

// `curation-cli check` on a PostgreSQL server: what a role of ours can learn
// of the server's damage to this database, read-only.
//
// - The server's own count of data checksum failures in this database
//   (pg_stat_database), and whether checksums are on at all.
// - With the amcheck extension (a superuser's CREATE EXTENSION amcheck, and
//   EXECUTE on its functions for a role that is not one): every table of the
//   schema page by page (verify_heapam, TOAST included) and, in a full
//   scan, every B-tree index against its table (bt_index_check with
//   heapallindexed). Without it: every row of every table read whole, so a
//   row the server cannot read is found, and the limits say what was not
//   checked.
//
// A scan sees what the role sees: row-level security hides other tenants'
// rows from a role that does not own the tables (amcheck reads pages, and
// is not bound by it).
class PgIntegrity
{
public:
    explicit PgIntegrity(const PgConnection &server);

    // The problems found (at most maxProblems); limits gets what the scan
    // could not check and why.
    Result<QStringList> scan(bool full, int maxProblems, QStringList &limits) const;

private:
    Status checksums(QStringList &problems, QStringList &limits) const;
    // amcheck's schema, quoted, when this role may run it; empty otherwise.
    Result<QString> amcheckSchema() const;
    Result<QStringList> tables() const;
    Result<QStringList> btreeIndexes() const;

    const PgConnection &m_server;
};

} // namespace cw
