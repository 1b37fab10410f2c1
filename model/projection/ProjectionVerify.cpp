#include "ProjectionVerify.h"

#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionAside.h"
#include "ProjectionStateStore.h"
#include "ProjectionWriter.h"
#include "ReadTransaction.h"

namespace cw::inline projection {

namespace {

QString shown(const Statement &s, int column)
{
    if (s.isNull(column))
        return QStringLiteral("NULL");
    QString text = s.text(column);
    if (text.size() > 80)
        text = text.left(77) + QStringLiteral("...");
    return u'"' + text + u'"';
}

QByteArray orderedRows(const char *table)
{
    QByteArray sql = "SELECT ";
    const auto &columns = ProjectionRows::columns();
    for (qsizetype i = 0; i < columns.size(); ++i)
        sql += (i ? ", " : "") + columns[i];
    return sql + " FROM " + table + " ORDER BY ref";
}

} // namespace

QString ProjectionDifference::kindName() const
{
    switch (kind) {
    case Kind::Missing:
        return QStringLiteral("missing");
    case Kind::Extra:
        return QStringLiteral("extra");
    case Kind::Field:
        return QStringLiteral("field");
    case Kind::Text:
        return QStringLiteral("text");
    case Kind::StrayText:
        return QStringLiteral("stray-text");
    }
    return {};
}

QString ProjectionDifference::toText() const
{
    switch (kind) {
    case Kind::Missing:
        return QStringLiteral("%1: missing from the live projection (rebuild has %2)")
            .arg(ref, rebuilt);
    case Kind::Extra:
        return QStringLiteral("%1: in the live projection (%2) but not in a rebuild")
            .arg(ref, live);
    case Kind::Field:
        return QStringLiteral("%1: %2 differs: live %3 vs rebuilt %4")
            .arg(ref, field, live, rebuilt);
    case Kind::Text:
        return QStringLiteral("%1: full-text %2 differs: live %3 vs rebuilt %4")
            .arg(ref, field, live, rebuilt);
    case Kind::StrayText:
        return QStringLiteral("full-text index: %1 rows belong to no projection row").arg(live);
    }
    return {};
}

ProjectionVerify::ProjectionVerify(const Database &db)
    : m_db(db)
{
}

Result<VerifyReport> ProjectionVerify::verify()
{
    VerifyReport report;
    ProjectionAside aside(m_db);
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    auto watermark = ProjectionStateStore(m_db).watermark();
    auto head = OutboxStore(m_db).head();
    if (!watermark || !head)
        return fail(watermark ? head.error() : watermark.error());
    report.watermark = *watermark;
    report.canonicalHead = *head;
    // At the live watermark: the live projection claims exactly those events.
    auto rows = aside.build(report.watermark);
    Status diffed = rows ? diffRows(report) : Status(fail(rows.error()));
    if (diffed)
        diffed = diffText(report);
    snapshot.end();
    aside.drop();
    if (!diffed)
        return fail(diffed.error());
    report.rebuiltRows = *rows;
    return report;
}

// The live projection against the one built aside, row by row (merge on
// ref) and column by column.
Status ProjectionVerify::diffRows(VerifyReport &report)
{
    Statement live = m_db.prepare(orderedRows("main.projection").constData());
    Statement rebuilt = m_db.prepare(orderedRows("temp.projection_rebuilt").constData());
    const auto &columns = ProjectionRows::columns();
    auto summary = [](const Statement &s) {
        return QStringLiteral("revision %1, %2").arg(s.text(1), s.text(5));
    };
    auto liveRow = live.step();
    auto rebuiltRow = rebuilt.step();
    for (;;) {
        if (!liveRow || !rebuiltRow)
            return fail(QStringLiteral("verify: ") +
                        (liveRow ? rebuiltRow.error() : liveRow.error()));
        if (!*liveRow && !*rebuiltRow)
            return {};
        const int order = !*liveRow ? 1 : !*rebuiltRow ? -1 : live.text(0).compare(rebuilt.text(0));
        using Kind = ProjectionDifference::Kind;
        if (order < 0) {
            report.differences.append({Kind::Extra, live.text(0), {}, summary(live), {}});
            ++report.liveRows;
            liveRow = live.step();
        } else if (order > 0) {
            report.differences.append({Kind::Missing, rebuilt.text(0), {}, {}, summary(rebuilt)});
            rebuiltRow = rebuilt.step();
        } else {
            for (int c = 1; c < int(columns.size()); ++c) {
                const bool same =
                    live.isNull(c) == rebuilt.isNull(c) && live.text(c) == rebuilt.text(c);
                if (!same)
                    report.differences.append({Kind::Field, live.text(0),
                                               QString::fromLatin1(columns[c]), shown(live, c),
                                               shown(rebuilt, c)});
            }
            ++report.liveRows;
            liveRow = live.step();
            rebuiltRow = rebuilt.step();
        }
    }
}

Status ProjectionVerify::diffText(VerifyReport &report)
{
    // Every live row's FTS row (same rowid) must hold the text a rebuild
    // would index; rows missing from the rebuild are already reported.
    const QByteArray sql = "SELECT p.ref, f.rowid IS NULL, f.ref, t.ref, f.title, t.title, "
                           "f.synopsis, t.synopsis, f.body, " +
                           ProjectionRows::searchText("t") +
                           " FROM main.projection p "
                           "JOIN temp.projection_rebuilt t ON t.ref = p.ref "
                           "LEFT JOIN main.projection_fts f ON f.rowid = p.rowid ORDER BY p.ref";
    Statement text = m_db.prepare(sql.constData());
    using Kind = ProjectionDifference::Kind;
    for (;;) {
        auto row = text.step();
        if (!row)
            return fail(QStringLiteral("verify text: ") + row.error());
        if (!*row)
            break;
        const QString ref = text.text(0);
        if (text.int64(1)) {
            report.differences.append({Kind::Text, ref, QStringLiteral("row"),
                                       QStringLiteral("none"), QStringLiteral("indexed")});
            continue;
        }
        const char *fields[] = {"ref", "title", "synopsis", "body"};
        for (int i = 0; i < 4; ++i) {
            const int c = 2 + 2 * i;
            if (text.isNull(c) != text.isNull(c + 1) || text.text(c) != text.text(c + 1))
                report.differences.append({Kind::Text, ref, QString::fromLatin1(fields[i]),
                                           shown(text, c), shown(text, c + 1)});
        }
    }
    // FTS rows that belong to no projection row would still match searches.
    auto stray = m_db.queryInt("SELECT count(*) FROM main.projection_fts f WHERE NOT EXISTS "
                               "(SELECT 1 FROM main.projection p WHERE p.rowid = f.rowid)");
    if (!stray)
        return fail(stray.error());
    if (*stray)
        report.differences.append({Kind::StrayText, {}, {}, QString::number(*stray), {}});
    return {};
}

} // namespace cw::inline projection
