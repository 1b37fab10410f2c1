#include "Transaction.h"

#include "Database.h"
#include "Statement.h"

namespace cw {

Transaction::Transaction(const Database &db, Durability durability)
    : m_db(db)
    , m_durability(durability)
{
    // The setting belongs to the connection; end() puts FULL back.
    if (m_durability == Durability::Relaxed && !m_db.isServer())
        (void)m_db.execScript("PRAGMA synchronous=NORMAL");
    // Through a statement, not execScript: a lock held past the busy timeout
    // then reads "the database is busy ..." instead of a bare "locked".
    auto begun = m_db.isServer() ? beginOnServer() : m_db.prepare("BEGIN IMMEDIATE").exec();
    m_active = begun.ok();
    if (!begun) {
        m_beginError = QStringLiteral("cannot start a write transaction: ") + begun.error();
        end(nullptr);
    }
}

// Writers on a server take turns, as BEGIN IMMEDIATE makes them on a file:
// one transaction-scoped advisory lock that every write transaction takes
// first, so that what it reads next (READ COMMITTED: each statement sees
// every commit before it) is what the writer before it left, and the
// stores' checks ("changed since version N by ...") decide a race with the
// same answer on both backends. Readers never wait for it.
Status Transaction::beginOnServer() const
{
    auto begun = m_db.execScript("BEGIN; SET LOCAL lock_timeout = '5s'");
    if (begun && m_durability == Durability::Relaxed)
        begun = m_db.execScript("SET LOCAL synchronous_commit = off"); // this transaction's only
    if (begun)
        begun = m_db.prepare("SELECT pg_advisory_xact_lock(7305003)").exec();
    if (begun)
        return begun;
    (void)m_db.execScript("ROLLBACK");
    if (begun.error().contains(QLatin1String("SQLSTATE 55P03")))
        return fail(QStringLiteral("the database is busy (another client has held the write turn "
                                   "for 5 s): ") +
                    begun.error());
    return begun;
}

Transaction::~Transaction()
{
    rollback();
}

Status Transaction::commit()
{
    if (!m_active)
        return fail(m_beginError.isEmpty() ? QStringLiteral("no active transaction")
                                           : m_beginError);
    auto committed = m_db.execScript("COMMIT");
    if (!committed) {
        rollback();
        return fail(QStringLiteral("commit failed, nothing was written: ") + committed.error());
    }
    m_active = false;
    end(nullptr);
    return {};
}

void Transaction::rollback()
{
    if (m_active) {
        m_active = false;
        end("ROLLBACK");
    }
}

void Transaction::end(const char *sql)
{
    if (sql)
        (void)m_db.execScript(sql);
    if (m_durability == Durability::Relaxed) {
        if (!m_db.isServer())
            (void)m_db.execScript("PRAGMA synchronous=FULL");
        m_durability = Durability::Full;
    }
}

} // namespace cw
