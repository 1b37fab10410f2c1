#include "MemoryImport.h"

#include "Clock.h"
#include "Database.h"
#include "MemoryFileParser.h"
#include "MemoryImportWriter.h"
#include "Transaction.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <tuple>

namespace cw {

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

} // namespace

MemoryImport::MemoryImport(const Database &db, const Clock &clock, QString actingPrincipal)
    : m_db(db)
    , m_clock(clock)
    , m_principal(std::move(actingPrincipal))
{
}

Result<QString> MemoryImport::memoryRoot(const QString &dir)
{
    const QFileInfo info(dir);
    if (!info.exists())
        return fail(QStringLiteral("%1: no such folder").arg(dir));
    if (!info.isDir())
        return fail(QStringLiteral("%1: not a folder").arg(dir));
    const QDir folder(info.absoluteFilePath());
    const QString nested = folder.filePath(QStringLiteral("contexts/memory"));
    if (QFileInfo(nested).isDir())
        return QDir::cleanPath(nested);
    const QString path = QDir::cleanPath(folder.absolutePath());
    if (path.endsWith(QLatin1String("/contexts/memory")) ||
        QFileInfo(folder.filePath(QStringLiteral("decisions"))).isDir())
        return path;
    return fail(QStringLiteral("%1: not a memory tree (expected a contexts/memory/ folder, a "
                               "folder containing one, or a folder with decisions/)")
                    .arg(dir));
}

QStringList MemoryImport::memoryFiles(const QString &root)
{
    const QDir base(root);
    QStringList files;
    QDirIterator it(root, {QStringLiteral("*.md")}, QDir::Files | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString relative = base.relativeFilePath(it.next());
        // Hidden folders (.git, editor state) are not memory.
        if (relative.startsWith(u'.') || relative.contains(QLatin1String("/.")))
            continue;
        files.append(relative);
    }
    std::sort(files.begin(), files.end(),
              [](const QString &a, const QString &b) { return importOrder(a) < importOrder(b); });
    return files;
}

Result<MemoryImportReport> MemoryImport::importTree(const QString &dir)
{
    auto root = memoryRoot(dir);
    if (!root)
        return fail(root.error());

    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    MemoryImportWriter writer(m_db, m_principal, m_clock.nowText());
    if (auto ready = writer.ready(); !ready)
        return fail(ready.error());

    MemoryImportReport report;
    const QDir base(*root);
    for (const QString &path : memoryFiles(*root)) {
        QFile file(base.filePath(path));
        if (!file.open(QIODevice::ReadOnly)) {
            report.problems.append(path + QStringLiteral(": cannot read: ") + file.errorString());
            continue;
        }
        auto doc = MemoryFileParser::parse(path, file.readAll());
        if (!doc) {
            report.problems.append(path + QStringLiteral(": ") + doc.error());
            continue;
        }
        auto written = writer.write(*doc);
        if (!written)
            return fail(QStringLiteral("%1: %2; nothing was imported").arg(path, written.error()));
        switch (written->outcome) {
        case MemoryImportWriter::Outcome::Imported:
            ++report.imported;
            break;
        case MemoryImportWriter::Outcome::Revised:
            ++report.revised;
            break;
        case MemoryImportWriter::Outcome::Unchanged:
            ++report.unchanged;
            break;
        case MemoryImportWriter::Outcome::Refused:
            report.problems.append(path + QStringLiteral(": ") + written->problem);
            break;
        }
    }
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return report;
}

} // namespace cw
