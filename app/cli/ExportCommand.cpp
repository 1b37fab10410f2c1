// export queue: the review queue as the principal sees it, as a file.

#include "Command.h"
#include "Plural.h"
#include "QueueExport.h"
#include "QueueOptions.h"

#include <QFile>
#include <QJsonObject>
#include <QSaveFile>

namespace cw::cli {

using namespace Qt::StringLiterals;

class ExportCommand : public Command
{
public:
    QString name() const override { return u"export"_s; }
    QString usage() const override
    {
        return u"export queue [--status S] [--domain D] [--format csv|json|jsonl] [--out FILE]"_s;
    }
    QString summary() const override
    {
        return u"the review queue as you see it, as CSV, JSON or JSON Lines"_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"WHAT"_s, u"What to export: queue."_s);
        addQueueFilterOptions(parser);
        parser.addOption({u"format"_s,
                          u"csv (default), json ({\"proposals\":[...]}) or jsonl (ingest "
                          "proposal records)."_s,
                          u"F"_s, u"csv"_s});
        parser.addOption({u"out"_s,
                          u"Write to FILE (replaced only when the export is complete) instead "
                          "of standard output."_s,
                          u"FILE"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args != QStringList{u"queue"_s})
            return context.usage(u"export: expected 'export queue'"_s);
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
        // QSaveFile: a refused or failed export leaves the old file, or none.
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return context.refuse(ErrorKind::Io,
                                  u"cannot write %1: %2"_s.arg(path, file.errorString()));
        auto written = exporter.write(file, *format);
        if (!written)
            return context.refuse(written.refusal());
        if (!file.commit())
            return context.refuse(ErrorKind::Io,
                                  u"cannot write %1: %2"_s.arg(path, file.errorString()));
        if (context.json())
            return context.printJson({{u"exported"_s, qint64(*written)},
                                      {u"file_format"_s, parser.value(u"format"_s)},
                                      {u"out"_s, path}});
        context.out() << "exported " << counted(*written, u"proposal") << " to " << path
                      << Qt::endl;
        return ExitOk;
    }

private:
    static int toStandardOutput(CliContext &context, QueueExport &exporter,
                                QueueExport::Format format)
    {
        // Written straight through: the export pages, it never holds the queue.
        context.out().flush();
        QFile out;
        if (!out.open(stdout, QIODevice::WriteOnly))
            return context.refuse(ErrorKind::Io, u"cannot write to standard output"_s);
        auto written = exporter.write(out, format);
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
