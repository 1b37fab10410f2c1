#include "Transaction.h"

#include "Database.h"
#include "Statement.h"

namespace cw {

Transaction::Transaction(const Database &db, Durability durability)
    : m_db(db)
    , m_durability(durability)
{
    // The setting belongs to the connection; end() puts FULL back.
    if (m_durability == Durability::Relaxed)
        (void)m_db.execScript("PRAGMA synchronous=NORMAL");
    // Through a statement, not execScript: a lock held past the busy timeout
    // then reads "the database is busy ..." instead of a bare "locked".
    auto begun = m_db.prepare("BEGIN IMMEDIATE").exec();
    m_active = begun.ok();
    if (!begun) {
        m_beginError = QStringLiteral("cannot start a write transaction: ") + begun.error();
        end(nullptr);
    }
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
        (void)m_db.execScript("PRAGMA synchronous=FULL");
        m_durability = Durability::Full;
    }
}

} // namespace cw
