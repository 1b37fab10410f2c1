#pragma once

#include "ArticleStore.h"
#include "Clock.h"
#include "Database.h"
#include "OutboxStore.h"
#include "Transaction.h"

#include <QStringList>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

// A fresh database per test, a fixed clock, and writers for canonical state
// and outbox events as the review workflow commits them (revision state and
// event together). Shared by the projector, rebuild and lag tests.
namespace cw::test {

using namespace Qt::Literals::StringLiterals;

inline const QDateTime ProjectorStart(QDate(2026, 3, 1), QTime(9, 0), QTimeZone::utc());

class ProjectorFixture
{
public:
    void open()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        auto opened = Database::open(m_dir->filePath(u"projector.db"_s));
        QVERIFY2(opened, qPrintable(opened.error()));
        m_db = std::move(*opened);
        m_clock = std::make_unique<FixedClock>(ProjectorStart);
    }
    // The same file again, migrated to the current schema on open.
    void reopen()
    {
        m_db.reset();
        auto opened = Database::open(path());
        QVERIFY2(opened, qPrintable(opened.error()));
        m_db = std::move(*opened);
    }
    void close()
    {
        m_db.reset();
        m_dir.reset();
    }

    Database &db() { return *m_db; }
    FixedClock &clock() { return *m_clock; }
    QString path() const { return m_dir->filePath(u"projector.db"_s); }

    // A revision of ref (the article is created on first use) in state.
    int addRevision(const QString &ref, const QString &state, const QString &title,
                    const QString &body = {}, const QString &domain = u"data"_s)
    {
        ArticleStore articles(*m_db);
        auto found = articles.findByRef(ref);
        if (!found)
            return -1;
        std::int64_t articleId = 0;
        if (*found) {
            articleId = (*found)->id;
        } else {
            ArticleRecord a{0, ref, u"experience"_s, domain, u"dora"_s, {}, m_clock->nowText()};
            auto inserted = articles.insertArticle(a);
            if (!inserted)
                return -1;
            articleId = *inserted;
        }
        RevisionRecord r;
        r.articleId = articleId;
        r.state = state;
        r.title = title;
        r.synopsis = title + u" in short"_s;
        r.body = body.isEmpty() ? title + u" body"_s : body;
        r.outcome = u"outcome of "_s + title;
        r.mechanism = u"mechanism"_s;
        r.method = u"method"_s;
        r.limits = u"limits"_s;
        r.tags = {u"register"_s, u"policy"_s};
        r.relatedTo = {u"EXP-7"_s};
        r.createdAt = r.updatedAt = m_clock->nowText();
        auto inserted = articles.insertRevision(r);
        return inserted ? r.revision : -1;
    }

    bool setState(const QString &ref, int revision, const QString &state)
    {
        Statement s = m_db->prepare("UPDATE revisions SET state = ?3 WHERE revision = ?2 AND "
                                    "article_id = (SELECT id FROM articles WHERE ref = ?1)");
        s.bind(1, ref).bind(2, revision).bind(3, state);
        return s.exec().ok();
    }

    std::int64_t event(const QString &type, const QString &ref, int revision,
                       const QString &domain = u"data"_s)
    {
        auto seq = OutboxStore(*m_db).append(
            OutboxEvent{0, m_clock->nowText(), type, ref, revision, domain, u"{}"_s});
        return seq ? *seq : -1;
    }

    // Publishes a new active revision of ref: the previous active one is
    // superseded, with both events, as the workflow does.
    int publish(const QString &ref, const QString &title, const QString &body = {})
    {
        Statement active = m_db->prepare(
            "SELECT r.revision FROM revisions r JOIN articles a ON a.id = r.article_id "
            "WHERE a.ref = ?1 AND r.state = 'active'");
        active.bind(1, ref);
        auto row = active.step();
        const int previous = row && *row ? active.integer(0) : 0;
        active.reset();
        if (previous) {
            setState(ref, previous, u"superseded"_s);
            event(u"revision-superseded"_s, ref, previous);
        }
        const int revision = addRevision(ref, u"active"_s, title, body);
        event(u"revision-activated"_s, ref, revision);
        return revision;
    }

    qint64 count(const char *sql)
    {
        auto value = m_db->queryInt(sql);
        return value ? *value : -1;
    }

    // Every projection row and its FTS text, in ref order: what "the same
    // rows" means when comparing incremental projection and rebuild.
    QStringList dump()
    {
        Statement s =
            m_db->prepare("SELECT p.*, f.title, f.synopsis, f.body FROM projection p "
                          "LEFT JOIN projection_fts f ON f.rowid = p.rowid ORDER BY p.ref");
        QStringList rows;
        while (true) {
            auto row = s.step();
            if (!row || !*row)
                break;
            QStringList values;
            for (int c = 0; c < s.columnCount(); ++c)
                values.append(s.isNull(c) ? u"NULL"_s : s.text(c));
            rows.append(values.join(u'|'));
        }
        return rows;
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<FixedClock> m_clock;
};

} // namespace cw::test
