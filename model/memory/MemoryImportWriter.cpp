#include "MemoryImportWriter.h"

#include "Database.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace cw::inline memory {

namespace {

QStringList sorted(QStringList list)
{
    list.removeDuplicates();
    std::sort(list.begin(), list.end());
    return list;
}

QString orNow(const QString &time, const QString &now)
{
    return time.isEmpty() ? now : time;
}

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

struct MemoryImportWriter::Snapshot
{
    std::int64_t articleId = 0;
    QString kind;
    QString domain;
    QString sourcePath;
    QString createdAt;
    QString sourceTree; // empty: no tree recorded
    bool hasRevision = false;
    bool removed = false; // its file had been removed from the tree (MemoryImportRetire)
    QString title;
    QString body;
    QString level;
    QString sourceStatus;
    QString validFrom;
    QStringList tags;
    QStringList relatedTo;
    QStringList supersedes;
    QStringList supersededBy;
};

MemoryImportWriter::MemoryImportWriter(const Database &db, QString principal, QString now,
                                       QString tree)
    : m_principal(std::move(principal))
    , m_now(std::move(now))
    , m_tree(std::move(tree))
    , m_articles(db)
    , m_outbox(db)
    , m_audit(db)
    , m_findArticle(db.prepare("SELECT id, kind, domain, source_path, created_at, source_tree "
                               "FROM articles WHERE ref = ?1"))
    // Proposed and approved revisions are work in progress in the workbench,
    // not something a file was imported as: compare with what was published.
    , m_latestRevision(db.prepare("SELECT id, title, body, level, source_status, valid_from, "
                                  "revision FROM revisions WHERE article_id = ?1 AND state NOT IN "
                                  "('proposed', 'approved') ORDER BY revision DESC LIMIT 1"))
    , m_removedAudit(db.prepare("SELECT count(*) FROM audit WHERE subject = ?1 AND revision = ?2 "
                                "AND json_extract(details, '$.removed_file') IS NOT NULL"))
    , m_maxRevision(db.prepare("SELECT coalesce(max(revision), 0) FROM revisions "
                               "WHERE article_id = ?1"))
    , m_tags(db.prepare("SELECT tag FROM revision_tags WHERE revision_id = ?1 AND kind = 'tag'"))
    , m_links(db.prepare("SELECT kind, target_ref FROM revision_links WHERE revision_id = ?1"))
    , m_supersede(db.prepare("UPDATE revisions SET state = 'superseded', valid_to = ?2, "
                             "version = version + 1, updated_at = ?3, updated_by = ?4 "
                             "WHERE article_id = ?1 AND state = 'active' RETURNING revision"))
    , m_updateArticle(db.prepare("UPDATE articles SET domain = ?2, source_path = ?3, "
                                 "created_at = ?4 WHERE id = ?1"))
    , m_stampTree(db.prepare("UPDATE articles SET source_tree = ?2 WHERE id = ?1"))
{
}

Status MemoryImportWriter::ready() const
{
    for (const Statement *s : {&m_findArticle, &m_latestRevision, &m_removedAudit, &m_maxRevision,
                               &m_tags, &m_links, &m_supersede, &m_updateArticle, &m_stampTree}) {
        if (!s->isValid())
            return fail(s->prepareError());
    }
    return {};
}

Result<MemoryImportWriter::Written> MemoryImportWriter::write(const MemoryDocument &doc)
{
    auto stored = load(doc);
    if (!stored)
        return fail(stored.error());
    if (!*stored)
        return insertNew(doc);
    const Snapshot &s = **stored;
    if (s.kind != doc.kind)
        return Written{Outcome::Refused,
                       QStringLiteral("%1 is already an article of kind %2, not %3")
                           .arg(doc.ref, s.kind, doc.kind),
                       std::nullopt};
    // Only what the file says counts: times the file leaves out were filled in
    // at the first import, and the state may since have been changed by review.
    const bool same =
        s.hasRevision && s.domain == doc.domain && s.sourcePath == doc.sourcePath &&
        (doc.createdAt.isEmpty() || s.createdAt == doc.createdAt) && s.title == doc.title &&
        s.body == doc.body && s.level == doc.level && s.sourceStatus == doc.status &&
        s.tags == sorted(doc.tags) && s.relatedTo == sorted(doc.relatedTo) &&
        s.supersedes == sorted(doc.supersedes) && s.supersededBy == sorted(doc.supersededBy);
    // A file that was removed (and its article retired) and is back is
    // current again, also when its text is what it was.
    Written written{Outcome::Unchanged, {}, std::nullopt};
    if (!same || s.removed) {
        auto revised = revise(doc, s);
        if (!revised)
            return fail(revised.error());
        written = *revised;
    }
    // The same file in a tree that moved, in another tree with the same refs,
    // or imported before trees were recorded: it is this tree's from now on.
    if (s.sourceTree != m_tree) {
        if (auto adopted = adopt(doc, s); !adopted)
            return fail(adopted.error());
        written.adopted = AdoptedMemoryFile{doc.ref, doc.sourcePath, s.sourceTree};
    }
    return written;
}

Status MemoryImportWriter::adopt(const MemoryDocument &doc, const Snapshot &stored)
{
    m_stampTree.bind(1, stored.articleId).bind(2, m_tree);
    if (auto stamped = m_stampTree.exec(); !stamped)
        return fail(QStringLiteral("article %1: %2").arg(doc.ref, stamped.error()));
    // The tree decides which re-import may retire the article: a change of
    // tree is kept like any other change to it.
    AuditRecord audit;
    audit.at = m_now;
    audit.principal = m_principal;
    audit.effectivePrincipal = m_principal;
    audit.action = QStringLiteral("import-memory");
    audit.subject = doc.ref;
    audit.reason = stored.sourceTree.isEmpty()
                       ? QStringLiteral("%1 is now from the memory tree %2 (no tree was recorded)")
                             .arg(doc.sourcePath, m_tree)
                       : QStringLiteral("%1 is now from the memory tree %2 (was %3)")
                             .arg(doc.sourcePath, m_tree, stored.sourceTree);
    audit.details =
        compactJson({{QStringLiteral("source_path"), doc.sourcePath},
                     {QStringLiteral("source_tree"), m_tree},
                     {QStringLiteral("previous_source_tree"),
                      stored.sourceTree.isEmpty() ? QJsonValue() : QJsonValue(stored.sourceTree)}});
    if (auto appended = m_audit.append(audit); !appended)
        return fail(appended.error());
    return {};
}

Result<std::optional<MemoryImportWriter::Snapshot>>
MemoryImportWriter::load(const MemoryDocument &doc)
{
    m_findArticle.bind(1, doc.ref);
    auto found = m_findArticle.step();
    if (!found)
        return fail(found.error());
    if (!*found) {
        m_findArticle.reset();
        return std::optional<Snapshot>();
    }
    Snapshot s;
    s.articleId = m_findArticle.int64(0);
    s.kind = m_findArticle.text(1);
    s.domain = m_findArticle.text(2);
    s.sourcePath = m_findArticle.text(3);
    s.createdAt = m_findArticle.text(4);
    s.sourceTree = m_findArticle.text(5);
    m_findArticle.reset();

    m_latestRevision.bind(1, s.articleId);
    auto latest = m_latestRevision.step();
    if (!latest)
        return fail(latest.error());
    std::int64_t revisionId = 0;
    int revisionNumber = 0;
    if (*latest) {
        s.hasRevision = true;
        revisionId = m_latestRevision.int64(0);
        s.title = m_latestRevision.text(1);
        s.body = m_latestRevision.text(2);
        s.level = m_latestRevision.text(3);
        s.sourceStatus = m_latestRevision.text(4);
        s.validFrom = m_latestRevision.text(5);
        revisionNumber = m_latestRevision.integer(6);
    }
    m_latestRevision.reset();
    // MemoryImportRetire clears the source path of an article whose file was
    // removed from the tree.
    if (s.hasRevision && s.sourcePath.isEmpty()) {
        auto removed = retiredAsRemoved(doc.ref, revisionNumber);
        if (!removed)
            return fail(removed.error());
        s.removed = *removed;
    }
    if (!s.hasRevision)
        return std::optional(std::move(s));

    auto tags = column(m_tags, revisionId);
    if (!tags)
        return fail(tags.error());
    s.tags = sorted(*tags);
    m_links.bind(1, revisionId);
    for (;;) {
        auto row = m_links.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const QString kind = m_links.text(0);
        if (kind == u"related_to")
            s.relatedTo.append(m_links.text(1));
        else if (kind == u"supersedes")
            s.supersedes.append(m_links.text(1));
        else if (kind == u"superseded_by")
            s.supersededBy.append(m_links.text(1));
    }
    m_links.reset();
    s.relatedTo = sorted(s.relatedTo);
    s.supersedes = sorted(s.supersedes);
    s.supersededBy = sorted(s.supersededBy);
    return std::optional(std::move(s));
}

Result<bool> MemoryImportWriter::retiredAsRemoved(const QString &ref, int revision)
{
    m_removedAudit.bind(1, ref).bind(2, revision);
    auto row = m_removedAudit.step();
    const bool removed = row && *row && m_removedAudit.int64(0) > 0;
    m_removedAudit.reset();
    if (!row)
        return fail(row.error());
    return removed;
}

Result<QStringList> MemoryImportWriter::column(Statement &statement, std::int64_t id)
{
    statement.bind(1, id);
    QStringList values;
    for (;;) {
        auto row = statement.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        values.append(statement.text(0));
    }
    statement.reset();
    return values;
}

Result<MemoryImportWriter::Written> MemoryImportWriter::insertNew(const MemoryDocument &doc)
{
    ArticleRecord article;
    article.ref = doc.ref;
    article.kind = doc.kind;
    article.domain = doc.domain;
    article.sourcePath = doc.sourcePath;
    article.createdAt = orNow(doc.createdAt, m_now);
    article.sourceTree = m_tree;
    auto articleId = m_articles.insertArticle(article);
    if (!articleId)
        return fail(articleId.error());
    RevisionRecord revision = revisionFor(doc, *articleId, 1, article.createdAt);
    if (auto inserted = m_articles.insertRevision(revision); !inserted)
        return fail(inserted.error());
    if (auto published = publish(doc, revision, std::nullopt, false); !published)
        return fail(published.error());
    return Written{Outcome::Imported, {}, std::nullopt};
}

Result<MemoryImportWriter::Written> MemoryImportWriter::revise(const MemoryDocument &doc,
                                                               const Snapshot &stored)
{
    const QString createdAt = doc.createdAt.isEmpty() ? stored.createdAt : doc.createdAt;
    if (stored.domain != doc.domain || stored.sourcePath != doc.sourcePath ||
        stored.createdAt != createdAt) {
        m_updateArticle.bind(1, stored.articleId).bind(2, doc.domain).bind(3, doc.sourcePath);
        m_updateArticle.bind(4, createdAt);
        if (auto updated = m_updateArticle.exec(); !updated)
            return fail(QStringLiteral("article %1: %2").arg(doc.ref, updated.error()));
    }
    m_maxRevision.bind(1, stored.articleId);
    auto max = m_maxRevision.step();
    if (!max)
        return fail(max.error());
    const int number = int(m_maxRevision.int64(0)) + 1;
    m_maxRevision.reset();

    // The new revision became current when the file says it was updated; a
    // file without updated_at (or with one older than what it replaces)
    // became current now, at this import, and so did a file that is back
    // after it was removed (its article was not current in between).
    const QString validFrom =
        !stored.removed && !doc.updatedAt.isEmpty() && doc.updatedAt >= stored.validFrom
            ? doc.updatedAt
            : m_now;
    auto superseded = supersedeActive(stored.articleId, validFrom);
    if (!superseded)
        return fail(superseded.error());
    RevisionRecord revision = revisionFor(doc, stored.articleId, number, validFrom);
    if (auto inserted = m_articles.insertRevision(revision); !inserted)
        return fail(inserted.error());
    if (auto published = publish(doc, revision, *superseded, stored.removed); !published)
        return fail(published.error());
    return Written{stored.removed ? Outcome::Restored : Outcome::Revised, {}, std::nullopt};
}

Result<std::optional<int>> MemoryImportWriter::supersedeActive(std::int64_t articleId,
                                                               const QString &validTo)
{
    m_supersede.bind(1, articleId).bind(2, validTo).bind(3, m_now).bind(4, m_principal);
    auto row = m_supersede.step();
    if (!row)
        return fail(row.error());
    std::optional<int> revision;
    if (*row)
        revision = m_supersede.integer(0);
    m_supersede.reset();
    return revision;
}

RevisionRecord MemoryImportWriter::revisionFor(const MemoryDocument &doc, std::int64_t articleId,
                                               int number, const QString &validFrom) const
{
    RevisionRecord r;
    r.articleId = articleId;
    r.revision = number;
    r.state = doc.revisionState();
    r.title = doc.title;
    r.body = doc.body;
    r.level = doc.level;
    r.sourceStatus = doc.status;
    r.validFrom = validFrom;
    r.createdAt = m_now;
    r.updatedAt = doc.updatedAt.isEmpty() ? orNow(doc.createdAt, m_now) : doc.updatedAt;
    // A record imported as no longer current stopped being current when it
    // was last updated, as far as the file tells.
    if (!r.isCurrent())
        r.validTo = std::max(r.updatedAt, validFrom);
    r.updatedBy = m_principal;
    r.tags = doc.tags;
    r.relatedTo = doc.relatedTo;
    r.supersedes = doc.supersedes;
    r.supersededBy = doc.supersededBy;
    r.mentions = doc.mentions;
    return r;
}

Status MemoryImportWriter::publish(const MemoryDocument &doc, const RevisionRecord &revision,
                                   std::optional<int> superseded, bool restored)
{
    const QJsonObject payload{{QStringLiteral("kind"), doc.kind},
                              {QStringLiteral("source_path"), doc.sourcePath}};
    // The projector must drop a revision this import replaced, also when the
    // replacement itself is not current (the file now says superseded).
    if (superseded) {
        QJsonObject supersededPayload = payload;
        supersededPayload.insert(QStringLiteral("superseded_by_revision"), revision.revision);
        OutboxEvent event{0,           m_now,      QStringLiteral("revision-superseded"), doc.ref,
                          *superseded, doc.domain, compactJson(supersededPayload)};
        if (auto appended = m_outbox.append(event); !appended)
            return fail(appended.error());
    }
    {
        // A record filed as not current (rejected, withdrawn, superseded) is
        // still published, labelled with its state, so memory search can
        // report it as the files would; the engine never offers it as current.
        OutboxEvent event{0,
                          m_now,
                          revision.isCurrent() ? QStringLiteral("revision-activated")
                                               : QStringLiteral("revision-recorded"),
                          doc.ref,
                          revision.revision,
                          doc.domain,
                          compactJson(payload)};
        if (auto appended = m_outbox.append(event); !appended)
            return fail(appended.error());
    }
    QJsonObject details = payload;
    details.insert(QStringLiteral("state"), revision.state);
    details.insert(QStringLiteral("source_status"), doc.status);
    details.insert(QStringLiteral("source_tree"), m_tree);
    if (superseded)
        details.insert(QStringLiteral("superseded_revision"), *superseded);
    if (!doc.extra.isEmpty())
        details.insert(QStringLiteral("frontmatter"), doc.extra);
    AuditRecord audit;
    audit.at = m_now;
    audit.principal = m_principal;
    audit.effectivePrincipal = m_principal;
    audit.action = QStringLiteral("import-memory");
    audit.subject = doc.ref;
    audit.revision = revision.revision;
    audit.toVersion = revision.version;
    audit.reason = revision.revision == 1 ? QStringLiteral("imported from %1").arg(doc.sourcePath)
                   : restored
                       ? QStringLiteral("%1 is back in the memory tree").arg(doc.sourcePath)
                       : QStringLiteral("%1 changed since the last import").arg(doc.sourcePath);
    audit.details = compactJson(details);
    if (auto appended = m_audit.append(audit); !appended)
        return fail(appended.error());
    return {};
}

} // namespace cw::inline memory
