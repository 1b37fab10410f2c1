#include "ReadTransaction.h"

#include "Database.h"

namespace cw {

ReadTransaction::ReadTransaction(const Database &db)
    : m_db(db)
{
    // One snapshot for every read in it, on either backend.
    auto begun = m_db.execScript(m_db.isServer() ? "BEGIN ISOLATION LEVEL REPEATABLE READ"
                                                 : "BEGIN DEFERRED");
    m_active = begun.ok();
    if (!begun)
        m_beginError = QStringLiteral("cannot start a read transaction: ") + begun.error();
}

ReadTransaction::~ReadTransaction()
{
    end();
}

void ReadTransaction::end()
{
    // Nothing in main was written, so COMMIT and ROLLBACK are the same here;
    // COMMIT keeps whatever was put in TEMP tables.
    if (m_active) {
        if (!m_db.execScript("COMMIT"))
            (void)m_db.execScript("ROLLBACK");
        m_active = false;
    }
}

} // namespace cw
