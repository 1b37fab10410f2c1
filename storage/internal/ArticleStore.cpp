#include "ArticleStore.h"

#include "Database.h"
#include "StoreUtil.h"

namespace cw {

namespace {

constexpr const char *RevisionColumns =
    "id, article_id, revision, state, version, title, synopsis, body, route, mechanism, method, "
    "outcome, proof_level, limits, product, product_versions, level, source_status, "
    "effort_active_hours, effort_waiting_hours, source_case_id, valid_from, valid_to, "
    "created_at, updated_at, updated_by, source_case_erased";

QByteArray revisionQuery(const char *where)
{
    return QByteArray("SELECT ") + RevisionColumns + " FROM revisions WHERE " + where;
}

} // namespace

ArticleStore::ArticleStore(const Database &db)
    : m_db(db)
    , m_insertArticle(db.prepare(
          returningKey(db, "INSERT INTO articles (ref, kind, domain, owner, source_path, "
                           "created_at, source_tree) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
              .constData()))
    , m_insertRevision(db.prepare(
          returningKey(
              db,
              "INSERT INTO revisions (article_id, revision, state, version, title, synopsis, body, "
              "route, mechanism, method, outcome, proof_level, limits, product, product_versions, "
              "level, source_status, effort_active_hours, effort_waiting_hours, source_case_id, "
              "valid_from, valid_to, created_at, updated_at, updated_by) VALUES (?1, ?2, ?3, ?4, "
              "?5, "
              "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, "
              "?23, "
              "?24, ?25)")
              .constData()))
    , m_insertTag(
          db.prepare("INSERT INTO revision_tags (revision_id, kind, tag) VALUES (?1, ?2, ?3) "
                     "ON CONFLICT DO NOTHING"))
    , m_insertLink(db.prepare("INSERT INTO revision_links (revision_id, kind, "
                              "target_ref) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING"))
    , m_nextRevision(
          db.prepare("SELECT coalesce(max(revision), 0) + 1 FROM revisions WHERE article_id = ?1"))
{
}

ArticleRecord ArticleStore::readArticle(const Statement &s)
{
    return ArticleRecord{s.int64(0), s.text(1), s.text(2), s.text(3),
                         s.text(4),  s.text(5), s.text(6), s.text(7)};
}

Result<std::optional<ArticleRecord>> ArticleStore::findByRef(const QString &ref)
{
    Statement s = m_db.prepare("SELECT id, ref, kind, domain, owner, source_path, created_at, "
                               "source_tree FROM articles WHERE ref = ?1");
    s.bind(1, ref);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return *row ? std::optional(readArticle(s)) : std::nullopt;
}

Result<std::optional<ArticleRecord>> ArticleStore::findById(std::int64_t id)
{
    Statement s = m_db.prepare("SELECT id, ref, kind, domain, owner, source_path, created_at, "
                               "source_tree FROM articles WHERE id = ?1");
    s.bind(1, id);
    auto row = s.step();
    if (!row)
        return fail(row.error());
    return *row ? std::optional(readArticle(s)) : std::nullopt;
}

Result<std::int64_t> ArticleStore::insertArticle(const ArticleRecord &a)
{
    m_insertArticle.bind(1, a.ref).bind(2, a.kind).bind(3, a.domain).bind(4, a.owner);
    m_insertArticle.bind(5, a.sourcePath).bind(6, a.createdAt).bind(7, a.sourceTree);
    auto id = insertedKey(m_db, m_insertArticle);
    if (!id)
        return fail(QStringLiteral("article %1: %2").arg(a.ref, id.error()));
    return id;
}

Result<std::int64_t> ArticleStore::insertRevision(RevisionRecord &r)
{
    if (r.revision == 0) {
        m_nextRevision.bind(1, r.articleId);
        auto row = m_nextRevision.step();
        if (!row || !*row)
            return fail(row ? QStringLiteral("no revision number") : row.error());
        r.revision = m_nextRevision.integer(0);
        m_nextRevision.reset();
    }
    Statement &s = m_insertRevision;
    s.bind(1, r.articleId).bind(2, r.revision).bind(3, r.state).bind(4, r.version);
    s.bind(5, r.title).bind(6, r.synopsis).bind(7, r.body).bind(8, r.route);
    s.bind(9, r.mechanism).bind(10, r.method).bind(11, r.outcome).bind(12, r.proofLevel);
    s.bind(13, r.limits).bind(14, r.product).bind(15, r.productVersions).bind(16, r.level);
    s.bind(17, r.sourceStatus).bind(18, r.effortActiveHours).bind(19, r.effortWaitingHours);
    s.bind(20, r.sourceCaseId).bind(21, r.validFrom).bind(22, r.validTo);
    s.bind(23, r.createdAt).bind(24, r.updatedAt).bind(25, r.updatedBy);
    auto id = insertedKey(m_db, s);
    if (!id)
        return fail(QStringLiteral("revision %1: %2").arg(r.revision).arg(id.error()));
    r.id = *id;
    const std::pair<const char *, const QStringList *> tagLists[] = {{"tag", &r.tags},
                                                                     {"symptom", &r.symptomTags}};
    for (const auto &[kind, list] : tagLists) {
        if (auto tagged = insertTags(r.id, QString::fromLatin1(kind), *list); !tagged)
            return fail(tagged.error());
    }
    const std::pair<const char *, const QStringList *> linkLists[] = {
        {"related_to", &r.relatedTo},
        {"supersedes", &r.supersedes},
        {"superseded_by", &r.supersededBy},
        {"mentions", &r.mentions}};
    for (const auto &[kind, list] : linkLists) {
        if (auto linked = insertLinks(r.id, QString::fromLatin1(kind), *list); !linked)
            return fail(linked.error());
    }
    return r.id;
}

Status ArticleStore::insertTags(std::int64_t revisionId, const QString &kind,
                                const QStringList &tags)
{
    for (const QString &tag : tags) {
        m_insertTag.bind(1, revisionId).bind(2, kind).bind(3, tag);
        if (auto done = m_insertTag.exec(); !done)
            return fail(QStringLiteral("tag %1: %2").arg(tag, done.error()));
    }
    return {};
}

Status ArticleStore::insertLinks(std::int64_t revisionId, const QString &kind,
                                 const QStringList &refs)
{
    for (const QString &ref : refs) {
        m_insertLink.bind(1, revisionId).bind(2, kind).bind(3, ref);
        if (auto done = m_insertLink.exec(); !done)
            return fail(QStringLiteral("link %1: %2").arg(ref, done.error()));
    }
    return {};
}

RevisionRecord ArticleStore::readRevision(const Statement &s)
{
    RevisionRecord r;
    r.id = s.int64(0);
    r.articleId = s.int64(1);
    r.revision = s.integer(2);
    r.state = s.text(3);
    r.version = s.integer(4);
    r.title = s.text(5);
    r.synopsis = s.text(6);
    r.body = s.text(7);
    r.route = s.text(8);
    r.mechanism = s.text(9);
    r.method = s.text(10);
    r.outcome = s.text(11);
    r.proofLevel = s.text(12);
    r.limits = s.text(13);
    r.product = s.text(14);
    r.productVersions = s.text(15);
    r.level = s.text(16);
    r.sourceStatus = s.text(17);
    r.effortActiveHours = s.optionalReal(18);
    r.effortWaitingHours = s.optionalReal(19);
    r.sourceCaseId = s.optionalInt64(20);
    r.validFrom = s.text(21);
    r.validTo = s.text(22);
    r.createdAt = s.text(23);
    r.updatedAt = s.text(24);
    r.updatedBy = s.text(25);
    r.sourceCaseErased = s.integer(26) != 0;
    return r;
}

Status ArticleStore::loadLists(RevisionRecord &r)
{
    Statement tags = m_db.prepare("SELECT kind, tag FROM revision_tags WHERE revision_id = ?1 "
                                  "ORDER BY rowid");
    tags.bind(1, r.id);
    if (auto done = tags.forEachRow([&] {
            (tags.text(0) == QLatin1String("tag") ? r.tags : r.symptomTags).append(tags.text(1));
        });
        !done)
        return fail(done.error());
    Statement links = m_db.prepare("SELECT kind, target_ref FROM revision_links "
                                   "WHERE revision_id = ?1 ORDER BY rowid");
    links.bind(1, r.id);
    if (auto done = links.forEachRow([&] {
            const QString kind = links.text(0);
            QStringList &list = kind == QLatin1String("related_to")      ? r.relatedTo
                                : kind == QLatin1String("supersedes")    ? r.supersedes
                                : kind == QLatin1String("superseded_by") ? r.supersededBy
                                                                         : r.mentions;
            list.append(links.text(1));
        });
        !done)
        return fail(done.error());
    return {};
}

Result<std::optional<RevisionRecord>> ArticleStore::readOne(Statement &s)
{
    auto row = s.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<RevisionRecord>();
    RevisionRecord record = readRevision(s);
    if (auto loaded = loadLists(record); !loaded)
        return fail(loaded.error());
    return std::optional(std::move(record));
}

Result<std::optional<RevisionRecord>> ArticleStore::revision(std::int64_t revisionId)
{
    Statement s = m_db.prepare(revisionQuery("id = ?1").constData());
    s.bind(1, revisionId);
    return readOne(s);
}

Result<std::optional<RevisionRecord>> ArticleStore::revisionByNumber(std::int64_t articleId,
                                                                     int revision)
{
    Statement s = m_db.prepare(revisionQuery("article_id = ?1 AND revision = ?2").constData());
    s.bind(1, articleId).bind(2, revision);
    return readOne(s);
}

Result<std::optional<RevisionRecord>> ArticleStore::activeRevision(std::int64_t articleId)
{
    Statement s = m_db.prepare(revisionQuery("article_id = ?1 AND state = 'active'").constData());
    s.bind(1, articleId);
    return readOne(s);
}

Result<QList<RevisionRecord>> ArticleStore::revisions(std::int64_t articleId)
{
    Statement s = m_db.prepare(revisionQuery("article_id = ?1 ORDER BY revision").constData());
    s.bind(1, articleId);
    QList<RevisionRecord> result;
    if (auto done = s.forEachRow([&] { result.append(readRevision(s)); }); !done)
        return fail(done.error());
    for (RevisionRecord &record : result) {
        if (auto loaded = loadLists(record); !loaded)
            return fail(loaded.error());
    }
    return result;
}

Result<int> ArticleStore::nextExperienceNumber()
{
    auto highest =
        // SQLite's CAST reads the leading digits; PostgreSQL's takes only digits.
        m_db.queryInt(m_db.isServer()
                          ? "SELECT coalesce(max(CAST(substring(ref FROM '^EXP-([0-9]+)') AS "
                            "bigint)), 0) FROM articles WHERE ref ~ '^EXP-[0-9]'"
                          : "SELECT coalesce(max(CAST(substr(ref, 5) AS INTEGER)), 0) FROM "
                            "articles WHERE ref GLOB 'EXP-[0-9]*'");
    if (!highest)
        return fail(highest.error());
    return int(*highest) + 1;
}

Result<std::int64_t> ArticleStore::count()
{
    return m_db.queryInt("SELECT count(*) FROM articles");
}

} // namespace cw
