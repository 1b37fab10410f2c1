#include "MemoryImport.h"

#include "Clock.h"
#include "Database.h"
#include "MemoryFileParser.h"
#include "MemoryImportRetire.h"
#include "MemoryImportScan.h"
#include "MemoryImportWriter.h"
#include "Transaction.h"

#include <QDir>
#include <QFile>

namespace cw::inline memory {

MemoryImport::MemoryImport(const Database &db, const Clock &clock, QString actingPrincipal)
    : m_db(db)
    , m_clock(clock)
    , m_principal(std::move(actingPrincipal))
{
}

Result<MemoryImportReport> MemoryImport::importTree(const QString &dir)
{
    auto root = MemoryImportScan::memoryRoot(dir);
    if (!root)
        return fail(root.error());
    const MemoryTreeListing tree = MemoryImportScan::list(*root);
    if (tree.root.isEmpty())
        return fail(QStringLiteral("%1: cannot read the folder").arg(*root));

    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    const QString now = m_clock.nowText();
    MemoryImportWriter writer(m_db, m_principal, now, tree.root);
    if (auto ready = writer.ready(); !ready)
        return fail(ready.error());
    MemoryImportRetire retire(m_db, m_principal, now);
    if (auto ready = retire.ready(); !ready)
        return fail(ready.error());

    MemoryImportReport report;
    report.tree = tree.root;
    report.problems = tree.skipped;
    const QDir base(tree.root);
    for (const QString &path : tree.files) {
        // The walk saw a regular file; make sure it was not swapped for a
        // link (or its folder for one) since.
        if (!MemoryImportScan::stillInside(tree.root, path)) {
            report.problems.append(path +
                                   QStringLiteral(": changed into a symlink or left the tree "
                                                  "during the import, not imported"));
            continue;
        }
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
        case MemoryImportWriter::Outcome::Restored:
            ++report.restored;
            break;
        case MemoryImportWriter::Outcome::Unchanged:
            ++report.unchanged;
            break;
        case MemoryImportWriter::Outcome::Refused:
            report.problems.append(path + QStringLiteral(": ") + written->problem);
            break;
        }
        if (written->adopted)
            report.adopted.append(*written->adopted);
    }
    // A file that is still there but did not parse is reported, not removed:
    // only what is gone from the tree (or is now a symlink) is retired, and
    // only if it was this tree's: every file present was stamped above.
    auto retired = retire.retireMissing(tree.files, tree.root);
    if (!retired)
        return fail(retired.error() + QStringLiteral("; nothing was imported"));
    report.retired = *retired;
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return report;
}

} // namespace cw::inline memory
