// export queue: the review queue as the principal sees it, as a file.
// export memory: memory articles written back as a contexts/memory/ tree.

#include "Command.h"
#include "MemoryExport.h"
#include "Plural.h"
#include "QueueExport.h"
#include "QueueOptions.h"
#include "ReplacingFile.h"
#include "TextEscape.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include <cstdio>
#include <optional>
#include <unistd.h>

namespace cw::cli {

using namespace Qt::StringLiterals;

class ExportCommand : public Command
{
public:
    QString name() const override { return u"export"_s; }
    QString usage() const override
    {
        return u"export queue|memory (queue: [--status S] [--domain D] [--format csv|json|jsonl] "
               "[--out FILE]; memory: DIR [--force])"_s;
    }
    QString summary() const override
    {
        return u"the review queue as you see it (CSV, JSON, JSON Lines), or memory as a "
               "contexts/memory/ tree"_s;
    }
    QString description() const override
    {
        return u"With queue, writes the review queue as you see it (the rows and redaction of "
               "`proposals`) as CSV, JSON or JSON Lines, to standard output or --out FILE.\n"
               "With memory DIR, writes the memory articles (the files imported from memory "
               "trees, in the revision memory search shows, and DEC- decisions recorded in the "
               "workbench while current; experiences have no file form and are counted as "
               "left out) as a contexts/memory/ tree in the import format: DIR becomes the "
               "contexts/memory folder, and import-memory of it changes nothing. DIR must be "
               "new or empty; --force replaces an earlier tree (a folder of Markdown files "
               "only). The tree is built beside DIR and renamed into place, so a refused or "
               "failed export leaves DIR as it was. Curators and admins only. See "
               "docs/memory-export.md."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"WHAT"_s, u"What to export: queue, or memory DIR."_s);
        addQueueFilterOptions(parser);
        parser.addOption({u"format"_s,
                          u"queue: csv (default), json ({\"proposals\":[...]}) or jsonl "
                          "(ingest proposal records)."_s,
                          u"F"_s, u"csv"_s});
        parser.addOption({u"out"_s,
                          u"queue: write to FILE (replaced only when the export is complete) "
                          "instead of standard output."_s,
                          u"FILE"_s});
        parser.addOption({u"force"_s,
                          u"memory: replace the tree already in DIR (a folder holding only "
                          "Markdown files and folders)."_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (!args.isEmpty() && args.first() == u"memory"_s)
            return exportMemory(context, parser, args);
        if (args != QStringList{u"queue"_s})
            return context.usage(u"export: expected 'export queue' or 'export memory DIR'"_s);
        if (parser.isSet(u"force"_s))
            return context.usage(u"export queue: --force is an option of export memory"_s);
        auto filter = queueFilterFrom(parser);
        if (!filter)
            return context.usage(u"export queue: "_s + filter.error());
        const auto format = QueueExport::formatNamed(parser.value(u"format"_s));
        if (!format)
            return context.usage(
                u"export queue: --format must be csv, json or jsonl, not '%1'"_s.arg(
                    parser.value(u"format"_s)));
        const QString path = parser.value(u"out"_s);
        if (parser.isSet(u"out"_s) && path.isEmpty())
            return context.usage(u"export queue: --out needs a file name"_s);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        QueueExport exporter(**context.database(), *actor, *filter);
        if (path.isEmpty())
            return toStandardOutput(context, exporter, *format);
        // A refused or failed export leaves the old file, or none; a link at
        // the path is replaced, not followed.
        ReplacingFile file(path);
        if (!file.open())
            return context.refuse(ErrorKind::Io,
                                  u"cannot write %1: %2"_s.arg(path, file.errorString()));
        auto written = exporter.write(file, *format);
        if (!written)
            return context.refuse(written.refusal());
        if (auto committed = file.commit(); !committed)
            return context.refuse(ErrorKind::Io, committed.error());
        if (context.json())
            return context.printJson({{u"exported"_s, qint64(*written)},
                                      {u"file_format"_s, parser.value(u"format"_s)},
                                      {u"out"_s, path}});
        context.out() << "exported " << counted(*written, u"proposal") << " to " << path
                      << Qt::endl;
        return ExitOk;
    }

private:
    static int exportMemory(CliContext &context, const QCommandLineParser &parser,
                            const QStringList &args)
    {
        if (args.size() != 2 || args.at(1).isEmpty())
            return context.usage(u"export memory: expected 'export memory DIR'"_s);
        for (const QString &queueOnly :
             {u"status"_s, u"domain"_s, u"tenant"_s, u"format"_s, u"out"_s}) {
            if (parser.optionNames().contains(queueOnly) && parser.isSet(queueOnly))
                return context.usage(
                    u"export memory: --%1 is an option of export queue"_s.arg(queueOnly));
        }
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actorIfAny();
        if (!actor)
            return context.refuse(actor.error());
        MemoryExport exporter(**db, *actor);
        auto report = exporter.write(args.at(1), parser.isSet(u"force"_s));
        if (!report)
            return context.refuse(report.refusal());
        QJsonObject leftOut;
        qint64 leftOutTotal = 0;
        for (auto it = report->leftOut.cbegin(); it != report->leftOut.cend(); ++it) {
            leftOut.insert(it.key(), it.value());
            leftOutTotal += it.value();
        }
        if (context.json())
            return context.printJson({{u"dir"_s, report->dir},
                                      {u"files"_s, report->files()},
                                      {u"decisions"_s, report->decisions},
                                      {u"articles"_s, report->articles},
                                      {u"not_current"_s, report->notCurrent},
                                      {u"from_workbench"_s, report->fromWorkbench},
                                      {u"replaced"_s, report->replaced},
                                      {u"left_out"_s, leftOut}});
        QTextStream &out = context.out();
        out << "exported " << counted(report->files(), u"file") << " to " << report->dir << ": "
            << counted(report->decisions, u"decision") << ", "
            << counted(report->articles, u"other article") << "; " << report->notCurrent
            << " not current, " << report->fromWorkbench << " made in the workbench"
            << (report->replaced ? "; replaced the earlier tree" : "") << Qt::endl;
        if (leftOutTotal > 0) {
            QStringList kinds;
            for (auto it = report->leftOut.cbegin(); it != report->leftOut.cend(); ++it)
                kinds.append(counted(it.value(), it.key()));
            out << "  left out (no file form in a memory tree): " << kinds.join(u", "_s)
                << Qt::endl;
        }
        return ExitOk;
    }

    static int toStandardOutput(CliContext &context, QueueExport &exporter,
                                QueueExport::Format format)
    {
        // Written straight through: the export pages, it never holds the queue.
        context.out().flush();
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly))
            return context.refuse(ErrorKind::Io, u"cannot write to standard output"_s);
        // A terminal gets the document with its stored text escaped; a
        // file or a pipe gets it exactly (TextEscape.h).
        std::optional<EscapedLines> terminal;
        if (isatty(fileno(stdout)))
            terminal.emplace(out);
        auto written = exporter.write(terminal ? static_cast<QIODevice &>(*terminal) : out, format);
        if (terminal && !terminal->finish() && written)
            return context.refuse(ErrorKind::Io, u"cannot write to standard output"_s);
        out.flush();
        if (!written)
            return context.refuse(written.refusal());
        return ExitOk;
    }
};

std::unique_ptr<Command> makeExportCommand()
{
    return std::make_unique<ExportCommand>();
}

} // namespace cw::cli
