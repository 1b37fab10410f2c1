#include "MemoryReferences.h"

#include "Database.h"
#include "Statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace cw::inline memory {

namespace {

int rank(MemoryRelevance relevance)
{
    switch (relevance) {
    case MemoryRelevance::RelatedToInbound:
        return 3;
    case MemoryRelevance::RelatedToOutbound:
        return 2;
    case MemoryRelevance::DirectMention:
        return 1;
    default:
        return 0;
    }
}

int decisionNumber(const QString &id)
{
    return id.isNull() ? -1 : id.mid(4).toInt();
}

// Inbound first, then outbound, then mentions; within one relation the
// import's file order: decisions by number, then other files by path.
bool ranksBefore(const MemorySearchHit &a, const MemorySearchHit &b)
{
    if (rank(a.relevance) != rank(b.relevance))
        return rank(a.relevance) > rank(b.relevance);
    if (a.id.isNull() != b.id.isNull())
        return !a.id.isNull();
    if (decisionNumber(a.id) != decisionNumber(b.id))
        return decisionNumber(a.id) < decisionNumber(b.id);
    return a.filePath < b.filePath;
}

// Links of the projected revision (the one memory search reports) to target.
constexpr const char *LinkedSql =
    "SELECT p.ref, p.kind, p.source_path, p.title, p.status FROM revision_links l "
    "JOIN revisions r ON r.id = l.revision_id JOIN articles a ON a.id = r.article_id "
    "JOIN projection p ON p.ref = a.ref AND p.revision = r.revision "
    "WHERE l.target_ref = ?1 AND l.kind IN (SELECT value FROM json_each(?2)) "
    "AND p.source_path IS NOT NULL AND (?3 = 0 OR (p.kind = 'decision' AND "
    "p.source_path LIKE 'decisions/DEC-%'))";

// Files whose indexed text holds the id as a phrase; checked exactly below.
// ?1 is the id as an FTS5 phrase on a file, the id itself on a server
// (whose index is a tsvector over the same text, projection_text).
constexpr const char *TextSql =
    "SELECT p.ref, p.kind, p.source_path, p.title, p.status, projection_fts.title, "
    "projection_fts.body FROM projection_fts JOIN projection p ON p.rowid = projection_fts.rowid "
    "WHERE projection_fts MATCH ?1 AND p.source_path IS NOT NULL";
constexpr const char *ServerTextSql =
    "SELECT p.ref, p.kind, p.source_path, p.title, p.status, t.title, t.body "
    "FROM projection_fts f JOIN projection p ON p.rowid = f.rowid "
    "JOIN projection_text t ON t.id = f.rowid "
    "WHERE f.document @@ phraseto_tsquery('cw_text', cw_words(?1)) AND p.source_path IS NOT NULL";

class Collector
{
public:
    explicit Collector(QString target)
        : m_target(std::move(target))
    {
    }

    // A file in several relations keeps the highest-ranked one.
    void offer(const MemorySearchHit &hit)
    {
        if (hit.id == m_target)
            return; // the target's own file refers to itself, not to it
        auto it = m_best.find(hit.filePath);
        if (it == m_best.end())
            m_best.insert(hit.filePath, hit);
        else if (rank(hit.relevance) > rank(it->relevance))
            *it = hit;
    }

    QList<MemorySearchHit> ranked() const
    {
        QList<MemorySearchHit> hits = m_best.values();
        std::sort(hits.begin(), hits.end(), ranksBefore);
        return hits;
    }

private:
    QString m_target;
    QMap<QString, MemorySearchHit> m_best;
};

Status collectLinked(const Database &db, const QString &target, const QStringList &kinds,
                     bool decisionsOnly, MemoryRelevance relevance, Collector &out)
{
    Statement s = db.prepare(LinkedSql);
    s.bind(1, target).bind(3, decisionsOnly ? 1 : 0);
    s.bind(2, QString::fromUtf8(
                  QJsonDocument(QJsonArray::fromStringList(kinds)).toJson(QJsonDocument::Compact)));
    return s.forEachRow([&] { out.offer(MemorySearchHit::fromRow(s, relevance)); });
}

// grep for the literal id, exact at word boundaries: DEC-4 is not in DEC-42.
Status collectText(const Database &db, const QString &target, Collector &out)
{
    const QRegularExpression exact(QStringLiteral("\\b") + QRegularExpression::escape(target) +
                                   QStringLiteral("\\b"));
    Statement s = db.prepare(db.isServer() ? ServerTextSql : TextSql);
    s.bind(1, db.isServer() ? target : u'"' + target + u'"');
    return s.forEachRow([&] {
        if (exact.match(s.text(5)).hasMatch() || exact.match(s.text(6)).hasMatch())
            out.offer(MemorySearchHit::fromRow(s, MemoryRelevance::DirectMention));
    });
}

// The target's own related_to, resolved to files.
Status collectOutbound(const Database &db, const QString &target, Collector &out,
                       QStringList &notes)
{
    Statement own = db.prepare("SELECT p.related_to FROM projection p WHERE p.ref = ?1 AND "
                               "p.source_path IS NOT NULL");
    own.bind(1, target);
    auto found = own.step();
    if (!found)
        return fail(found.error());
    if (!*found) {
        notes.append(QStringLiteral("%1 has no file in memory; listed are the files that refer "
                                    "to it")
                         .arg(target));
        return {};
    }
    const QString relatedJson = own.text(0);
    QStringList unresolved;
    for (const QJsonValue &value : QJsonDocument::fromJson(relatedJson.toUtf8()).array())
        unresolved.append(value.toString());
    Statement s = db.prepare("SELECT p.ref, p.kind, p.source_path, p.title, p.status "
                             "FROM projection p WHERE p.ref IN (SELECT value FROM json_each(?1)) "
                             "AND p.source_path IS NOT NULL");
    s.bind(1, relatedJson);
    if (auto done = s.forEachRow([&] {
            unresolved.removeAll(s.text(0));
            out.offer(MemorySearchHit::fromRow(s, MemoryRelevance::RelatedToOutbound));
        });
        !done)
        return fail(done.error());
    if (!unresolved.isEmpty())
        notes.append(QStringLiteral("%1 is related to %2, which has no file in memory")
                         .arg(target, unresolved.join(QLatin1String(", "))));
    return {};
}

} // namespace

MemoryReferences::MemoryReferences(const Database &db)
    : m_db(db)
{
}

// Mode C (docs/memory-search.md): related_to inbound > related_to outbound >
// direct mention, one entry per file (its highest relation), all of them,
// depth 1. A direct mention is the literal id in the file: in its text
// (the import's mentions links, and the indexed title and body checked
// exactly) or in its supersedes / superseded_by / related_to frontmatter.
Result<MemorySearchResult> MemoryReferences::of(const QString &decisionId) const
{
    MemorySearchResult result;
    Collector collector(decisionId);
    const QStringList textual = {QStringLiteral("mentions"), QStringLiteral("supersedes"),
                                 QStringLiteral("superseded_by"), QStringLiteral("related_to")};
    Status steps[] = {
        collectLinked(m_db, decisionId, {QStringLiteral("related_to")}, true,
                      MemoryRelevance::RelatedToInbound, collector),
        collectOutbound(m_db, decisionId, collector, result.notes),
        collectLinked(m_db, decisionId, textual, false, MemoryRelevance::DirectMention, collector),
        collectText(m_db, decisionId, collector),
    };
    for (const Status &step : steps) {
        if (!step)
            return fail(QStringLiteral("memory search (Mode C): ") + step.error());
    }
    result.hits = collector.ranked();
    return result;
}

} // namespace cw::inline memory
