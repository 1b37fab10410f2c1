#include "MemoryImport.h"

#include "Clock.h"
#include "Database.h"
#include "MemoryImportReader.h"
#include "MemoryImportRetire.h"
#include "MemoryImportScan.h"
#include "MemoryImportWriter.h"
#include "Transaction.h"

namespace cw::inline memory {

namespace {

void count(MemoryImportReport &report, const QString &path,
           const MemoryImportWriter::Written &written)
{
    switch (written.outcome) {
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
        report.problems.append(path + QStringLiteral(": ") + written.problem);
        break;
    }
    if (written.adopted)
        report.adopted.append(*written.adopted);
}

} // namespace

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
    MemoryImportReader reader(tree.root, tree.files);
    for (auto chunk = reader.next(); !chunk.empty(); chunk = reader.next()) {
        for (const MemoryFileRead &read : chunk) {
            if (!read.document) {
                report.problems.append(read.path + QStringLiteral(": ") + read.problem);
                continue;
            }
            auto written = writer.write(*read.document);
            if (!written)
                return fail(
                    QStringLiteral("%1: %2; nothing was imported").arg(read.path, written.error()));
            count(report, read.path, *written);
        }
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
