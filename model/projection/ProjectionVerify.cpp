#include "ProjectionVerify.h"

#include "Database.h"
#include "OutboxStore.h"
#include "ProjectionAside.h"
#include "ProjectionStateStore.h"
#include "ProjectionWriter.h"
#include "ReadTransaction.h"

namespace cw::inline projection {

QString ProjectionVerify::shown(const Statement &s, int column, const char *nullText)
{
    if (s.isNull(column))
        return QString::fromLatin1(nullText);
    QString text = s.text(column);
    if (text.size() > 80)
        text = text.left(77) + QStringLiteral("...");
    return u'"' + text + u'"';
}

namespace {

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
    if (m_db.isServer())
        return verifyOnServer();
    VerifyReport report;
    ProjectionAside aside(m_db);
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return fail(snapshot.beginError());
    if (auto read = readMarks(report); !read)
        return fail(read.error());
    // At the live watermark: the live projection claims exactly those events.
    auto rows = aside.build(report.watermark);
    Status diffed = rows ? Status() : Status(fail(rows.error()));
    if (rows) {
        Statement live = m_db.prepare(orderedRows("main.projection").constData());
        Statement rebuilt = m_db.prepare(orderedRows("temp.projection_rebuilt").constData());
        diffed = diffRows(report, live, rebuilt);
    }
    if (diffed)
        diffed = diffText(report);
    snapshot.end();
    aside.drop();
    if (!diffed)
        return fail(diffed.error());
    return report;
}

Status ProjectionVerify::readMarks(VerifyReport &report) const
{
    auto watermark = ProjectionStateStore(m_db).watermark();
    auto head = OutboxStore(m_db).head();
    if (!watermark || !head)
        return fail(watermark ? head.error() : watermark.error());
    report.watermark = *watermark;
    report.canonicalHead = *head;
    return {};
}

// The live projection against the rebuilt rows, both in ref order: row by
// row (merge on ref) and column by column.
Status ProjectionVerify::diffRows(VerifyReport &report, Statement &live, Statement &rebuilt)
{
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
            ++report.rebuiltRows;
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
            ++report.rebuiltRows;
            liveRow = live.step();
            rebuiltRow = rebuilt.step();
        }
    }
}

Status ProjectionVerify::diffText(VerifyReport &report)
{
    using Kind = ProjectionDifference::Kind;
    // The index is external content (schema step 010): reading projection_fts
    // reads the view, so which rows are indexed comes from its docsize table.
    // Rows missing from the rebuild are already reported.
    Statement unindexed =
        m_db.prepare("SELECT p.ref FROM main.projection p JOIN temp.projection_rebuilt t ON "
                     "t.ref = p.ref WHERE NOT EXISTS (SELECT 1 FROM main.projection_fts_docsize d "
                     "WHERE d.id = p.rowid) ORDER BY p.ref");
    for (;;) {
        auto row = unindexed.step();
        if (!row)
            return fail(QStringLiteral("verify text: ") + row.error());
        if (!*row)
            break;
        report.differences.append({Kind::Text, unindexed.text(0), QStringLiteral("row"),
                                   QStringLiteral("none"), QStringLiteral("indexed")});
    }
    // Index rows that belong to no projection row would still match searches.
    auto stray = m_db.queryInt("SELECT count(*) FROM main.projection_fts_docsize d WHERE NOT "
                               "EXISTS (SELECT 1 FROM main.projection p WHERE p.rowid = d.id)");
    if (!stray)
        return fail(stray.error());
    if (*stray)
        report.differences.append({Kind::StrayText, {}, {}, QString::number(*stray), {}});

    return diffWords(report);
}

// The live index against a rebuild's text indexed the same way (a temporary
// contentless FTS5 table, same rowids): FTS5's 'integrity-check' would do it
// against the view, but it is a write and verify runs on read-only
// connections too. The per-column counts of every word (fts5vocab 'col') are
// compared first, then only the words that differ are looked up where they
// stand (fts5vocab 'instance'), so a difference names the ref, the column
// and the words the live index has and lacks. Index entries of no row or of
// a row the rebuild does not have are reported above and left out here.
Status ProjectionVerify::diffWords(VerifyReport &report)
{
    const QByteArray fill = "INSERT INTO temp.verify_fts (rowid, ref, title, synopsis, body) "
                            "SELECT p.rowid, t.ref, t.title, t.synopsis, " +
                            ProjectionRows::searchText(m_db, "t") +
                            " FROM main.projection p JOIN temp.projection_rebuilt t ON "
                            "t.ref = p.ref ORDER BY p.rowid";
    const QList<QByteArray> setUp = {
        // The live table's columns and tokenizer; contentless: only words count.
        "CREATE VIRTUAL TABLE temp.verify_fts USING fts5(ref UNINDEXED, title, synopsis, body, "
        "tokenize = 'unicode61 remove_diacritics 2', content = '')",
        fill,
        "CREATE TEMP TABLE verify_rows AS SELECT p.rowid AS id FROM main.projection p "
        "JOIN temp.projection_rebuilt t ON t.ref = p.ref",
        "CREATE VIRTUAL TABLE temp.verify_live_counts USING fts5vocab(main, projection_fts, col)",
        "CREATE VIRTUAL TABLE temp.verify_rebuilt_counts USING fts5vocab(temp, verify_fts, col)",
        "CREATE VIRTUAL TABLE temp.verify_live_words USING fts5vocab(main, projection_fts, "
        "instance)",
        "CREATE VIRTUAL TABLE temp.verify_rebuilt_words USING fts5vocab(temp, verify_fts, "
        "instance)",
        "CREATE TEMP TABLE verify_terms AS SELECT term FROM (SELECT term, col, doc, cnt FROM "
        "temp.verify_live_counts EXCEPT SELECT term, col, doc, cnt FROM "
        "temp.verify_rebuilt_counts) UNION SELECT term FROM (SELECT term, col, doc, cnt FROM "
        "temp.verify_rebuilt_counts EXCEPT SELECT term, col, doc, cnt FROM "
        "temp.verify_live_counts)",
        "CREATE TEMP TABLE verify_live AS SELECT doc, col, offset, term FROM "
        "temp.verify_live_words WHERE term IN (SELECT term FROM temp.verify_terms) AND doc IN "
        "(SELECT id FROM temp.verify_rows) EXCEPT SELECT doc, col, offset, term FROM "
        "temp.verify_rebuilt_words WHERE term IN (SELECT term FROM temp.verify_terms)",
        "CREATE TEMP TABLE verify_rebuilt AS SELECT doc, col, offset, term FROM "
        "temp.verify_rebuilt_words WHERE term IN (SELECT term FROM temp.verify_terms) EXCEPT "
        "SELECT doc, col, offset, term FROM temp.verify_live_words WHERE term IN (SELECT term "
        "FROM temp.verify_terms)"};
    const char *tearDown =
        "DROP TABLE IF EXISTS temp.verify_live; DROP TABLE IF EXISTS temp.verify_rebuilt; "
        "DROP TABLE IF EXISTS temp.verify_terms; DROP TABLE IF EXISTS temp.verify_rows; "
        "DROP TABLE IF EXISTS temp.verify_live_words; "
        "DROP TABLE IF EXISTS temp.verify_rebuilt_words; "
        "DROP TABLE IF EXISTS temp.verify_live_counts; "
        "DROP TABLE IF EXISTS temp.verify_rebuilt_counts; DROP TABLE IF EXISTS temp.verify_fts";
    Status done;
    for (const QByteArray &sql : setUp) {
        if (done = m_db.execScript(sql.constData()); !done)
            break;
    }
    if (done) {
        Statement words = m_db.prepare(
            "SELECT p.ref, d.col, (SELECT group_concat(term, ' ') FROM (SELECT term FROM "
            "temp.verify_live l WHERE l.doc = d.doc AND l.col = d.col ORDER BY offset)), "
            "(SELECT group_concat(term, ' ') FROM (SELECT term FROM temp.verify_rebuilt r "
            "WHERE r.doc = d.doc AND r.col = d.col ORDER BY offset)) FROM (SELECT doc, col FROM "
            "temp.verify_live UNION SELECT doc, col FROM temp.verify_rebuilt) d "
            "JOIN main.projection p ON p.rowid = d.doc ORDER BY p.ref, d.col");
        for (;;) {
            auto row = words.step();
            if (!row) {
                done = fail(row.error());
                break;
            }
            if (!*row)
                break;
            report.differences.append({ProjectionDifference::Kind::Text, words.text(0),
                                       words.text(1), shown(words, 2), shown(words, 3)});
        }
    }
    (void)m_db.execScript(tearDown);
    if (!done)
        return fail(QStringLiteral("verify text: ") + done.error());
    return {};
}

} // namespace cw::inline projection
