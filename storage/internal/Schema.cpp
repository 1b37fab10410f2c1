#include "Schema.h"

#include "Database.h"
#include "Transaction.h"

#include <QFile>

#include <array>

namespace cw {

namespace {

// Step N brings the schema from version N-1 to N. Never edit a shipped step;
// add the next one.
constexpr std::array steps = {
    ":/cw/sql/001_initial.sql",
    ":/cw/sql/002_projection_keys.sql",
    ":/cw/sql/003_covering_indexes.sql",
    ":/cw/sql/004_word_counts.sql",
    ":/cw/sql/005_verdict_real_principal.sql",
    ":/cw/sql/006_article_source_tree.sql",
    ":/cw/sql/007_evaluation.sql",
    ":/cw/sql/008_erasure.sql",
    ":/cw/sql/009_memory_frontmatter.sql",
    ":/cw/sql/010_external_fts.sql",
    ":/cw/sql/011_principal_db_role.sql",
    ":/cw/sql/012_review_login.sql",
};

} // namespace

int Schema::currentVersion()
{
    return int(steps.size());
}

Result<int> Schema::migrate(const Database &db)
{
    auto version = db.queryInt("PRAGMA user_version");
    if (!version)
        return fail(version.error());
    if (*version > currentVersion())
        return fail(QStringLiteral("the database has schema version %1, newer than this program "
                                   "understands (%2); use a newer Curation Workbench")
                        .arg(*version)
                        .arg(currentVersion()));
    if (*version == currentVersion())
        return currentVersion();

    Transaction transaction(db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    for (int step = int(*version); step < currentVersion(); ++step) {
        QFile file(QString::fromLatin1(steps[size_t(step)]));
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("missing schema step %1").arg(file.fileName()));
        const QByteArray sql = file.readAll();
        if (auto applied = db.execScript(sql.constData()); !applied)
            return fail(QStringLiteral("step %1: %2").arg(file.fileName(), applied.error()));
    }
    const QByteArray pragmas =
        QByteArrayLiteral("PRAGMA application_id=") + QByteArray::number(Database::ApplicationId) +
        QByteArrayLiteral(";PRAGMA user_version=") + QByteArray::number(currentVersion());
    if (auto stamped = db.execScript(pragmas.constData()); !stamped)
        return fail(stamped.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return currentVersion();
}

} // namespace cw
