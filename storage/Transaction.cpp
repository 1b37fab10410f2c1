#include "Transaction.h"

#include "Database.h"

namespace cw {

Transaction::Transaction(const Database &db) : m_db(db)
{
    // Through a statement, not execScript: a lock held past the busy timeout
    // then reads "the database is busy ..." instead of a bare "locked".
    auto begun = m_db.prepare("BEGIN IMMEDIATE").exec();
    m_active = begun.ok();
    if (!begun)
        m_beginError = QStringLiteral("cannot start a write transaction: ") + begun.error();
}

Transaction::~Transaction()
{
    rollback();
}

Status Transaction::commit()
{
    if (!m_active)
        return fail(m_beginError.isEmpty() ? QStringLiteral("no active transaction") : m_beginError);
    auto committed = m_db.execScript("COMMIT");
    if (!committed) {
        rollback();
        return fail(QStringLiteral("commit failed, nothing was written: ") + committed.error());
    }
    m_active = false;
    return {};
}

void Transaction::rollback()
{
    if (m_active) {
        (void)m_db.execScript("ROLLBACK");
        m_active = false;
    }
}

} // namespace cw
