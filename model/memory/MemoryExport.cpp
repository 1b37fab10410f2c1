#include "MemoryExport.h"

#include "Access.h"
#include "Database.h"
#include "MemoryExportFolder.h"
#include "MemoryFileParser.h"
#include "ReadTransaction.h"
#include "Statement.h"
#include "StoreUtil.h"

#include <QSet>

#include <yaml-cpp/yaml.h>

namespace cw::inline memory {

using namespace Qt::StringLiterals;

namespace {

Refusal nothingExported(const QString &message)
{
    return Refusal{Refusal::Failed, u"nothing was exported: "_s + message, {}};
}

// Per article the active revision, else the latest published one: what
// memory search shows. Proposed and approved revisions are review work in
// progress, never written.
constexpr const char *ArticlesSql =
    "SELECT a.ref, a.kind, a.domain, a.source_path, a.created_at, r.id, r.state, r.title, "
    "r.body, r.level, r.source_status, r.updated_at FROM articles a LEFT JOIN revisions r "
    "ON r.id = (SELECT id FROM revisions WHERE article_id = a.id AND state NOT IN "
    "('proposed', 'approved') ORDER BY state = 'active' DESC, revision DESC LIMIT 1) "
    "ORDER BY a.kind <> 'decision', a.ref";
constexpr const char *TagsSql =
    "SELECT tag FROM revision_tags WHERE revision_id = ?1 AND kind = 'tag' ORDER BY rowid";
constexpr const char *LinksSql = "SELECT kind, target_ref FROM revision_links WHERE revision_id = "
                                 "?1 ORDER BY rowid";

bool isCurrentStatus(const QString &status)
{
    MemoryDocument doc;
    doc.status = status;
    return doc.revisionState() == u"active";
}

void emitList(YAML::Emitter &out, const char *key, const QStringList &values)
{
    out << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const QString &value : values)
        out << value.toStdString();
    out << YAML::EndSeq;
}

// Where an article goes in the tree, or why it has no file there. A refusal
// names an article whose stored name would put it outside the tree.
struct Placement
{
    QString path;    // empty: left out
    QString refused; // non-empty: the export is refused
};

Placement place(const QString &ref, const QString &kind, const QString &sourcePath,
                const QString &state)
{
    if (kind == u"decision") {
        // A file from the tree keeps its place; one made through review is
        // written only while current (a decision whose file was removed from
        // its tree was retired and lost its path: it stays gone). Only DEC-*
        // files are read back as decisions.
        if (sourcePath.isEmpty() && state != u"active")
            return {};
        const QString path = u"decisions/"_s + ref + u".md"_s;
        const bool separator = ref.contains(u'/') || ref.contains(u'\\');
        const QString unsafe =
            separator ? u"its id holds a path separator"_s : MemoryExport::unsafePath(path);
        if (!unsafe.isEmpty())
            return {{}, u"decision %1 would be written as %2: %3"_s.arg(ref, path, unsafe)};
        if (!ref.startsWith(u"DEC-"_s) || !MemoryFileParser::isDecisionPath(path))
            return {};
        if (!sourcePath.isEmpty() && sourcePath != path)
            return {
                {},
                u"decision %1 is stored as %2, which does not match its id"_s.arg(ref, sourcePath)};
        return {path, {}};
    }
    if (kind != u"domain-article" || sourcePath.isEmpty())
        return {};
    if (const QString unsafe = MemoryExport::unsafePath(sourcePath); !unsafe.isEmpty())
        return {{}, u"%1 would be written as %2: %3"_s.arg(ref, sourcePath, unsafe)};
    if (MemoryFileParser::isDecisionPath(sourcePath))
        return {
            {},
            u"%1 is a domain article stored as %2, which would be read back as a decision"_s.arg(
                ref, sourcePath)};
    return {sourcePath, {}};
}

// One column of the rows for id (the store helpers step, collect and reset).
Result<QStringList> column(Statement &s, std::int64_t id)
{
    s.bind(1, id);
    return readAll<QString>(s, [](const Statement &row) { return row.text(0); });
}

Status readLinks(Statement &s, std::int64_t id, MemoryExportFile &file)
{
    s.bind(1, id);
    for (;;) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const QString kind = s.text(0);
        QStringList *target = kind == u"related_to"      ? &file.relatedTo
                              : kind == u"supersedes"    ? &file.supersedes
                              : kind == u"superseded_by" ? &file.supersededBy
                                                         : nullptr;
        if (target && !target->contains(s.text(1)))
            target->append(s.text(1));
    }
    s.reset();
    return {};
}

} // namespace

MemoryExport::MemoryExport(const Database &db, std::optional<Actor> actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

QString MemoryExport::statusFor(const QString &sourceStatus, const QString &state)
{
    const bool fileSaysCurrent = isCurrentStatus(sourceStatus);
    if (fileSaysCurrent == (state == u"active"))
        return sourceStatus; // what the file said (empty: no status, i.e. current)
    return state;
}

QString MemoryExport::unsafePath(const QString &path)
{
    if (path.isEmpty())
        return u"the path is empty"_s;
    for (QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return u"the path holds a control character"_s;
    }
    if (path.startsWith(u'/') || path.contains(u'\\'))
        return u"the path is not relative to the tree"_s;
    for (QStringView part : QStringView(path).split(u'/')) {
        if (part.isEmpty() || part == u"." || part == u"..")
            return u"the path leaves the tree or has an empty part"_s;
        if (part.startsWith(u'.'))
            return u"a hidden name (the import skips it)"_s;
    }
    if (!path.endsWith(u".md"_s, Qt::CaseInsensitive))
        return u"not a Markdown file name"_s;
    return {};
}

QByteArray MemoryExport::render(const MemoryExportFile &file)
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    auto scalar = [&out](const char *key, const QString &value) {
        if (!value.isEmpty())
            out << YAML::Key << key << YAML::Value << value.toStdString();
    };
    if (file.kind == u"decision")
        scalar("id", file.ref); // other files are named by their path
    scalar("title", file.title);
    scalar("domain", file.domain);
    scalar("level", file.level);
    scalar("status", file.status);
    emitList(out, "tags", file.tags);
    emitList(out, "related_to", file.relatedTo);
    if (!file.supersedes.isEmpty())
        emitList(out, "supersedes", file.supersedes);
    if (!file.supersededBy.isEmpty())
        emitList(out, "superseded_by", file.supersededBy);
    scalar("created_at", file.createdAt);
    scalar("updated_at", file.updatedAt);
    out << YAML::EndMap;
    return "---\n"_ba + QByteArray(out.c_str()) + "\n---\n"_ba + file.body.toUtf8();
}

Refusable<MemoryExportReport> MemoryExport::write(const QString &dir, bool replace)
{
    if (auto no = Access::mayExportMemory(m_db, m_actor ? &*m_actor : nullptr))
        return *no;
    MemoryExportFolder folder(dir, replace);
    if (auto refused = folder.open())
        return *refused;

    // One snapshot: the tree is the memory of one moment.
    ReadTransaction snapshot(m_db);
    if (!snapshot.isActive())
        return nothingExported(snapshot.beginError());
    Statement articles = m_db.prepare(ArticlesSql);
    Statement tags = m_db.prepare(TagsSql);
    Statement links = m_db.prepare(LinksSql);
    for (const Statement *s : {&articles, &tags, &links}) {
        if (!s->isValid())
            return nothingExported(s->prepareError());
    }
    MemoryExportReport report;
    QSet<QString> written;
    for (;;) {
        auto row = articles.step();
        if (!row)
            return nothingExported(row.error());
        if (!*row)
            break;
        const QString kind = articles.text(1);
        const QString sourcePath = articles.text(3);
        const bool hasRevision = !articles.isNull(5);
        const QString state = articles.text(6);
        const Placement placed =
            hasRevision ? place(articles.text(0), kind, sourcePath, state) : Placement{};
        if (!placed.refused.isEmpty())
            return Refusal::invalid(placed.refused + u"; nothing was exported"_s);
        if (placed.path.isEmpty()) {
            ++report.leftOut[kind];
            continue;
        }
        if (written.contains(placed.path.toLower()))
            return Refusal::invalid(
                u"two articles would both be written as %1 (or a name differing only "
                "in case); nothing was exported"_s.arg(placed.path));
        written.insert(placed.path.toLower());

        MemoryExportFile file;
        file.path = placed.path;
        file.ref = articles.text(0);
        file.kind = kind;
        file.domain = articles.text(2);
        file.createdAt = articles.text(4);
        file.title = articles.text(7);
        file.body = articles.text(8);
        file.level = articles.text(9);
        file.status = statusFor(articles.text(10), state);
        file.updatedAt = articles.text(11);
        const std::int64_t revisionId = articles.int64(5);
        auto tagList = column(tags, revisionId);
        if (!tagList)
            return nothingExported(tagList.error());
        file.tags = *tagList;
        if (auto read = readLinks(links, revisionId, file); !read)
            return nothingExported(read.error());
        if (auto refused = folder.writeFile(file.path, render(file)))
            return *refused;

        ++(kind == u"decision" ? report.decisions : report.articles);
        if (state != u"active")
            ++report.notCurrent;
        if (sourcePath.isEmpty())
            ++report.fromWorkbench;
    }
    articles.reset();
    snapshot.end();
    if (auto refused = folder.commit())
        return *refused;
    report.dir = folder.target();
    report.replaced = folder.replaced();
    return report;
}

} // namespace cw::inline memory
