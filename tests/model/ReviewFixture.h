#pragma once

#include "BackendCopy.h"
#include "Clock.h"
#include "Database.h"
#include "DemoBuilder.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "ReviewWorkflow.h"
#include "ServerDatabase.h"
#include "Statement.h"
#include "TestDatabase.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

// The demo database (resources/demo: principals cora, nils, dora, owen, ana,
// admin; proposals PR-1..PR-6) in a fresh temporary file, a fixed clock and
// the workflow over both. Shared by the review workflow tests. With
// CW_TEST_BACKEND=postgresql (TestDatabase.h) the file's rows are copied
// into a server database of the fixture's own, which db then is: the same
// tests run on both backends (the CTest label postgresql, tests/CMakeLists.txt).
namespace cw::test {

using namespace Qt::StringLiterals;

inline QJsonObject principalRecord(const QString &id, const QStringList &roles,
                                   const QStringList &domains);

class ReviewFixture
{
public:
    ReviewFixture()
        : clock(QDateTime(QDate(2026, 4, 10), QTime(9, 0), QTimeZone::utc()))
    {
        auto opened = Database::open(dir.filePath(u"cw.sqlite"_s));
        if (!opened) {
            error = opened.error();
            return;
        }
        db = std::move(*opened);
        auto built = DemoBuilder(*db, clock, u"tester"_s).build(0);
        if (!built)
            error = built.error();
        else if (TestDatabase::onServer())
            error = moveToServer();
        workflow = std::make_unique<ReviewWorkflow>(*db, clock);
    }

    bool ok() const { return error.isEmpty(); }

    // The file's rows into the fixture's server database, which db becomes
    // (its role owns the tables: row-level security lets it see every row).
    QString moveToServer()
    {
        server = std::make_unique<TestDatabase>(QString());
        auto target = ServerDatabase::connect(server->location());
        if (!target)
            return target.error();
        if (auto copied = BackendCopy::toServer(*db, **target); !copied)
            return copied.error();
        auto opened = Database::open(server->location(), Database::Mode::OpenExisting);
        if (!opened)
            return opened.error();
        db = std::move(*opened);
        return {};
    }

    Actor as(const QString &id) const
    {
        auto found = IdentityStore(*db).principal(id);
        PrincipalRecord p = found && *found ? **found : PrincipalRecord{id, id, {}, {}, {}, {}, {}};
        return Actor{p, p};
    }
    // A second Studio curator, cleo, added on first use: the demo's other
    // curator, nils, reads only Northwind and so reviews none of Studio's.
    Actor studioCurator()
    {
        if (number("SELECT count(*) FROM principals WHERE id = 'cleo'") == 0)
            error = ingest({principalRecord(u"cleo"_s, {u"curator"_s}, {})});
        return as(u"cleo"_s);
    }
    // The demo admin acting as another principal.
    Actor adminAs(const QString &id) const { return Actor{as(u"admin"_s).real, as(id).effective}; }

    // JSON Lines through the real ingest (extra principals and proposals).
    QString ingest(const QList<QJsonObject> &records)
    {
        QByteArray lines;
        for (const QJsonObject &record : records)
            lines += QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
        QBuffer buffer(&lines);
        buffer.open(QIODevice::ReadOnly);
        auto report = Ingest(*db, clock, u"test"_s).ingestJsonLines(buffer, u"test.jsonl"_s);
        return report ? QString() : report.error();
    }

    QString text(const char *sql, const QString &arg = {}) const
    {
        Statement s = db->prepare(sql);
        if (!arg.isNull())
            s.bind(1, arg);
        auto row = s.step();
        if (!row) {
            // A failed statement fails the test: two equal error texts must
            // never pass for two equal states.
            QTest::qFail(qPrintable(row.error()), __FILE__, __LINE__);
            return u"<error: "_s + row.error() + u'>';
        }
        return *row ? s.text(0) : u"<none>"_s;
    }
    qint64 number(const char *sql, const QString &arg = {}) const
    {
        const QString value = text(sql, arg);
        bool ok = false;
        const qint64 n = value.toLongLong(&ok);
        return ok ? n : -1;
    }
    qint64 rows(const char *table) const
    {
        const QByteArray sql = QByteArray("SELECT count(*) FROM ") + table;
        return number(sql.constData());
    }

    // Where a proposal's revision stands.
    int version(const QString &proposal) const
    {
        return int(number("SELECT r.version FROM proposals p JOIN revisions r ON r.id = "
                          "p.revision_id WHERE p.id = ?1",
                          proposal));
    }
    QString state(const QString &proposal) const
    {
        return text("SELECT r.state FROM proposals p JOIN revisions r ON r.id = p.revision_id "
                    "WHERE p.id = ?1",
                    proposal);
    }
    QString status(const QString &proposal) const
    {
        return text("SELECT status FROM proposals WHERE id = ?1", proposal);
    }
    // The version of the article's active revision (-1 when none).
    int activeVersion(const QString &ref) const
    {
        return int(number("SELECT r.version FROM revisions r JOIN articles a ON a.id = "
                          "r.article_id WHERE a.ref = ?1 AND r.state = 'active'",
                          ref));
    }
    int activeRevision(const QString &ref) const
    {
        return int(number("SELECT r.revision FROM revisions r JOIN articles a ON a.id = "
                          "r.article_id WHERE a.ref = ?1 AND r.state = 'active'",
                          ref));
    }

    // Both sign-offs on a data proposal by the demo's curator and data owner.
    Refusable<ReviewOutcome> approveByBoth(const QString &proposal)
    {
        auto first = workflow->approve(as(u"cora"_s), proposal, version(proposal), u"curator ok"_s);
        if (!first)
            return first;
        return workflow->approve(as(u"dora"_s), proposal, version(proposal), u"owner ok"_s);
    }

    QTemporaryDir dir;
    FixedClock clock;
    std::unique_ptr<TestDatabase> server; // on a server: dropped after db closes
    std::unique_ptr<Database> db;
    std::unique_ptr<ReviewWorkflow> workflow;
    QString error;
};

inline QJsonObject principalRecord(const QString &id, const QStringList &roles,
                                   const QStringList &domains)
{
    return {{u"type"_s, u"principal"_s},
            {u"id"_s, id},
            {u"name"_s, id},
            {u"roles"_s, QJsonArray::fromStringList(roles)},
            {u"tenants"_s, QJsonArray{u"studio"_s}},
            {u"domains"_s, QJsonArray::fromStringList(domains)}};
}

// A data-domain proposal on demo case SD-1598 (proofs P-1, P-2 verified; P-3
// unverified). articleRef empty: a new article.
inline QJsonObject proposalRecord(const QString &id, const QString &proofLevel,
                                  const QStringList &proofs, const QString &articleRef = {})
{
    QJsonObject record{{u"type"_s, u"proposal"_s},
                       {u"id"_s, id},
                       {u"case"_s, u"studio/servicedesk/SD-1598"_s},
                       {u"kind"_s, u"experience"_s},
                       {u"domain"_s, u"data"_s},
                       {u"title"_s, QString(u"Generated proposal "_s + id)},
                       {u"synopsis"_s, QString(u"synopsis of "_s + id)},
                       {u"route"_s, u"data-investigation"_s},
                       {u"mechanism"_s, u"mechanism"_s},
                       {u"method"_s, u"method"_s},
                       {u"outcome"_s, u"outcome"_s},
                       {u"proof_level"_s, proofLevel},
                       {u"proof_refs"_s, QJsonArray::fromStringList(proofs)},
                       {u"limits"_s, u"limits"_s},
                       {u"tags"_s, QJsonArray{u"generated"_s}},
                       {u"proposed_by"_s, u"agent-data"_s},
                       {u"proposed_at"_s, u"2026-04-01T08:00:00Z"_s}};
    if (!articleRef.isEmpty()) {
        record.insert(u"article"_s, articleRef);
        record.remove(u"kind"_s); // the article's own kind applies
    }
    return record;
}

} // namespace cw::test
