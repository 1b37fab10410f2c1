// ingest and import-memory: bulk writes, admins only.

#include "Access.h"
#include "Command.h"
#include "Ingest.h"
#include "MemoryImport.h"
#include "Plural.h"
#include "TextEscape.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <cstdio>
#include <unistd.h>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

// Sets the acting principal's id for audit rows ("bootstrap" while the
// database has no principals yet) and the real one behind it; or refuses and
// returns the exit code.
int authorise(CliContext &context, QString &principal, QString *real = nullptr)
{
    auto db = context.database();
    if (!db)
        return context.refuse(db.error());
    auto actor = context.actorIfAny();
    if (!actor)
        return context.refuse(actor.error());
    const Actor *acting = *actor ? &**actor : nullptr;
    if (auto allowed = Access::mayAdminister(**db, acting); !allowed)
        return context.refuse(CliContext::deniedKind(allowed.error()), allowed.error());
    principal = acting ? acting->effective.id : u"bootstrap"_s;
    if (real)
        *real = acting ? acting->real.id : principal;
    return ExitOk;
}

} // namespace

class IngestCommand : public Command
{
public:
    QString name() const override { return u"ingest"_s; }
    QString usage() const override { return u"ingest FILE.jsonl|-"_s; }
    QString summary() const override { return u"ingest JSON Lines records in one transaction"_s; }
    QString description() const override
    {
        return u"Reads JSON Lines records (tenant, principal, grant, arrival, case_update, proof, "
               "proposal, article), one per line, from FILE.jsonl or, given -, from standard "
               "input, and writes them in one transaction: a bad line (or one longer than 16 MiB) "
               "is reported with its line number and nothing is written. A record ingested again "
               "unchanged is counted as "
               "already recorded, not written twice. Admins only (anyone while the database has "
               "no principals yet)."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(
            u"FILE.jsonl"_s,
            u"One JSON record per line; - reads standard input (./- for a file named -)."_s,
            u"FILE.jsonl|-"_s);
    }
    // Ingesting into a new file is how a database gets its first principals.
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (parser.positionalArguments().size() != 1)
            return context.usage(u"ingest: expected exactly one FILE.jsonl, or - for standard "
                                 "input"_s);
        const QString file = parser.positionalArguments().constFirst();
        if (file.isEmpty())
            return context.usage(u"ingest: FILE.jsonl is empty (is a variable unset?)"_s);
        const bool standardInput = file == "-"_L1;
        if (!standardInput && !QFileInfo(file).isFile())
            return context.refuse(ErrorKind::NotFound, u"%1: no such file"_s.arg(file));
        QString principal;
        QString real;
        if (const int refused = authorise(context, principal, &real); refused != ExitOk)
            return refused;
        Ingest ingest(**context.database(), context.clock(), principal);
        ingest.setRealPrincipal(real);
        auto report = standardInput ? ingestStandardInput(ingest) : ingest.ingestFile(file);
        if (!report)
            return context.refuse(report.error() + u" (nothing was written)"_s);
        QJsonObject byType;
        for (auto it = report->byType.cbegin(); it != report->byType.cend(); ++it)
            byType[it.key()] = it.value();
        if (context.json())
            return context.printJson(
                {{u"records"_s, report->records},
                 {u"by_type"_s, byType},
                 {u"new_cases"_s, report->newCases},
                 {u"new_case_revisions"_s, report->newRevisionsOfCases},
                 {u"duplicate_deliveries"_s, report->duplicateDeliveries},
                 {u"already_recorded"_s, report->alreadyRecorded},
                 {u"created_articles"_s, QJsonArray::fromStringList(report->createdArticles)}});
        QStringList written;
        for (auto it = report->byType.cbegin(); it != report->byType.cend(); ++it)
            written << counted(it.value(), it.key());
        context.out() << "ingested " << counted(report->records, u"record")
                      << (written.isEmpty() ? QString() : u" ("_s + written.join(u", ") + u')')
                      << ": " << counted(report->newCases, u"new case") << ", "
                      << counted(report->newRevisionsOfCases, u"new case revision") << ", "
                      << counted(report->duplicateDeliveries, u"duplicate delivery",
                                 u"duplicate deliveries")
                      << " attached, " << report->alreadyRecorded << " already recorded"
                      << Qt::endl;
        return ExitOk;
    }

private:
    // `ingest -`: standard input as one file named <stdin> (in line numbers
    // and audit rows), in one transaction like any other.
    static Result<IngestReport> ingestStandardInput(Ingest &ingest)
    {
        const QString name = u"<stdin>"_s;
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly))
            return fail(name + u": cannot read: "_s + in.errorString());
        if (isatty(fileno(stdin)))
            std::fputs("curation-cli: reading JSON Lines from standard input (end with Ctrl-D)\n",
                       stderr);
        return ingest.ingestJsonLines(in, name);
    }
};

class ImportMemoryCommand : public Command
{
public:
    QString name() const override { return u"import-memory"_s; }
    QString usage() const override { return u"import-memory DIR"_s; }
    QString summary() const override { return u"import a contexts/memory/ tree"_s; }
    QString description() const override
    {
        return u"Imports a contexts/memory/ tree (decisions/DEC-*.md and other Markdown files with "
               "YAML frontmatter) as memory articles: a new file becomes an article, a changed "
               "one a new revision, an unchanged one is left alone. Files that cannot be imported "
               "are listed with the reason and skipped. Admins only (anyone while the database "
               "has no principals yet)."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"DIR"_s,
                                     u"A contexts/memory/ folder, or a folder holding one."_s);
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::OpenOrCreate;
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (parser.positionalArguments().size() != 1)
            return context.usage(u"import-memory: expected exactly one DIR"_s);
        const QString dir = parser.positionalArguments().constFirst();
        if (dir.isEmpty())
            return context.usage(u"import-memory: DIR is empty (is a variable unset?)"_s);
        if (!QFileInfo(dir).isDir())
            return context.refuse(ErrorKind::NotFound, u"%1: no such folder"_s.arg(dir));
        QString principal;
        if (const int refused = authorise(context, principal); refused != ExitOk)
            return refused;
        MemoryImport import(**context.database(), context.clock(), principal);
        auto report = import.importTree(dir);
        if (!report)
            return context.refuse(report.error());
        QJsonArray retired;
        for (const RemovedMemoryFile &r : report->retired)
            retired.append(QJsonObject{{u"ref"_s, r.ref},
                                       {u"source_path"_s, r.sourcePath},
                                       {u"revision"_s, r.revision},
                                       {u"was_current"_s, r.wasCurrent}});
        QJsonArray adopted;
        for (const AdoptedMemoryFile &a : report->adopted)
            adopted.append(QJsonObject{
                {u"ref"_s, a.ref},
                {u"source_path"_s, a.sourcePath},
                {u"from_tree"_s, a.fromTree.isEmpty() ? QJsonValue() : QJsonValue(a.fromTree)}});
        if (context.json())
            return context.printJson(
                {{u"imported"_s, report->imported},
                 {u"revised"_s, report->revised},
                 {u"restored"_s, report->restored},
                 {u"unchanged"_s, report->unchanged},
                 {u"retired"_s, int(report->retired.size())},
                 {u"retired_articles"_s, retired},
                 {u"adopted"_s, int(report->adopted.size())},
                 {u"adopted_articles"_s, adopted},
                 {u"tree"_s, report->tree},
                 {u"problems"_s, QJsonArray::fromStringList(report->problems)}});
        context.out() << "imported " << counted(report->imported, u"file") << ", "
                      << report->revised << " revised, " << report->unchanged << " unchanged, "
                      << report->problems.size() << " not imported, " << report->retired.size()
                      << " retired (file removed), " << report->restored << " restored";
        // Only when it happens: a moved tree, refs shared with another tree,
        // or articles imported before trees were recorded.
        if (!report->adopted.isEmpty())
            context.out() << ", " << report->adopted.size() << " now from this tree";
        context.out() << Qt::endl;
        for (const QString &problem : report->problems)
            context.out() << "  " << escaped(problem) << Qt::endl;
        for (const RemovedMemoryFile &r : report->retired) {
            context.out() << "  " << escaped(r.sourcePath) << ": removed from the tree, ";
            if (r.wasCurrent)
                context.out() << "retired " << r.ref << " revision " << r.revision << Qt::endl;
            else
                context.out() << r.ref << " (not current) no longer listed by memory search"
                              << Qt::endl;
        }
        for (const AdoptedMemoryFile &a : report->adopted) {
            context.out() << "  " << escaped(a.sourcePath) << ": " << a.ref;
            if (a.fromTree.isEmpty())
                context.out() << " had no tree recorded";
            else
                context.out() << " was imported from " << escaped(a.fromTree);
            context.out() << ", now from this tree" << Qt::endl;
        }
        return ExitOk;
    }
};

std::unique_ptr<Command> makeIngestCommand()
{
    return std::make_unique<IngestCommand>();
}
std::unique_ptr<Command> makeImportMemoryCommand()
{
    return std::make_unique<ImportMemoryCommand>();
}

} // namespace cw::cli
