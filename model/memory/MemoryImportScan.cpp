#include "MemoryImportScan.h"

#include "MemoryFileParser.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <algorithm>
#include <tuple>

namespace cw::inline memory {

using namespace Qt::StringLiterals;

namespace {

// DEC-9 before DEC-10: the outbox order then follows the numbering.
auto importOrder(const QString &path)
{
    const bool decision = MemoryFileParser::isDecisionPath(path);
    bool numeric = false;
    const qint64 number =
        decision ? QFileInfo(path).completeBaseName().mid(4).toLongLong(&numeric) : 0;
    return std::tuple(!decision, !numeric, number, path);
}

bool isMarkdown(const QString &name)
{
    return name.endsWith(".md"_L1, Qt::CaseInsensitive);
}

bool isUnder(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root + u'/');
}

class Walker
{
public:
    explicit Walker(MemoryTreeListing &listing)
        : m_listing(listing)
        , m_base(listing.root)
    {
    }

    void walk(const QString &folder)
    {
        // Without links the tree cannot loop, but a bind mount can: never
        // enter one folder twice.
        if (m_visited.contains(folder))
            return;
        m_visited.insert(folder);
        const QFileInfoList entries = QDir(folder).entryInfoList(
            QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &entry : entries) {
            if (entry.fileName().startsWith(u'.')) // .git, editor state: not memory
                continue;
            const QString relative = m_base.relativeFilePath(entry.absoluteFilePath());
            if (entry.isSymLink())
                link(entry, relative);
            else if (entry.isDir())
                walk(entry.absoluteFilePath());
            else if (!isMarkdown(entry.fileName()))
                continue;
            else if (entry.isFile())
                m_listing.files.append(relative);
            else
                skip(relative, u"not a regular file, not imported"_s);
        }
    }

private:
    void link(const QFileInfo &entry, const QString &relative)
    {
        // exists() follows the whole chain: false for a dangling link and for
        // a loop (a -> b -> a), where canonicalFilePath() may still answer.
        const QString target = entry.exists() ? entry.canonicalFilePath() : QString();
        if (target.isEmpty()) {
            if (isMarkdown(entry.fileName()))
                skip(relative,
                     u"symlink that does not resolve (dangling or a loop), not imported"_s);
            return;
        }
        if (!QFileInfo(target).isDir() && !isMarkdown(entry.fileName()))
            return; // not something the tree would import anyway
        if (!isUnder(target, m_listing.root)) {
            skip(relative, u"symlink leaves the tree, not imported"_s);
            return;
        }
        skip(relative, u"symlink to %1 inside the tree, not followed (files are imported once, "
                       u"under their own path)"_s.arg(m_base.relativeFilePath(target)));
    }

    void skip(const QString &relative, const QString &reason)
    {
        m_listing.skipped.append(relative + u": "_s + reason);
    }

    MemoryTreeListing &m_listing;
    QDir m_base;
    QSet<QString> m_visited;
};

} // namespace

Result<QString> MemoryImportScan::memoryRoot(const QString &dir)
{
    const QFileInfo info(dir);
    if (!info.exists())
        return fail(u"%1: no such folder"_s.arg(dir));
    if (!info.isDir())
        return fail(u"%1: not a folder"_s.arg(dir));
    const QString named = QDir::cleanPath(info.absoluteFilePath());
    const QString folder = info.canonicalFilePath();
    const QString nested = folder + u"/contexts/memory"_s;
    const QString decisions = named + u"/decisions"_s;
    const bool holdsTree = QFileInfo(nested).isDir();
    const bool hasDecisions = QFileInfo(decisions).isDir();
    const bool isTree = named.endsWith("/contexts/memory"_L1) || hasDecisions;
    if (holdsTree && isTree) {
        // Importing either one silently would drop the other.
        const QString shown = named + u"/contexts/memory"_s;
        return fail(
            hasDecisions
                ? u"%1 holds both a memory tree (%2) and a decisions folder (%3): pass %2 to "
                  u"import the memory tree, or move %3 into it (or out of %1) first"_s.arg(
                      dir, shown, decisions)
                : u"%1 is a contexts/memory folder that holds another memory tree (%2): pass %2 "
                  u"to import the inner tree, or move it out of %1 first"_s.arg(dir, shown));
    }
    if (holdsTree) {
        const QString target = QFileInfo(nested).canonicalFilePath();
        if (!isUnder(target, folder))
            return fail(u"%1/contexts/memory is a symlink that leaves %1: pass %2 itself if you "
                        u"mean to import it"_s.arg(named, target));
        return target;
    }
    if (isTree)
        return folder;
    return fail(u"%1: not a memory tree (expected a contexts/memory/ folder, a folder containing "
                u"one, or a folder with decisions/)"_s.arg(dir));
}

MemoryTreeListing MemoryImportScan::list(const QString &root)
{
    MemoryTreeListing listing;
    listing.root = QFileInfo(root).canonicalFilePath();
    if (listing.root.isEmpty())
        return listing;
    Walker(listing).walk(listing.root);
    std::sort(listing.files.begin(), listing.files.end(),
              [](const QString &a, const QString &b) { return importOrder(a) < importOrder(b); });
    return listing;
}

bool MemoryImportScan::stillInside(const QString &root, const QString &relative)
{
    const QString path = root + u'/' + relative;
    const QFileInfo info(path);
    return !info.isSymLink() && info.isFile() && info.canonicalFilePath() == path;
}

} // namespace cw::inline memory
