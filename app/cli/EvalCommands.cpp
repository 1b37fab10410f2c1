// eval: retrieval evaluation (INTERFACES.md §8) — judged query sets, scored
// runs with their signatures, comparisons, TREC files, sets from verdicts.
// One command; the first word names what to do, as `export queue|memory`.

#include "Command.h"
#include "EvalOutput.h"
#include "EvaluationRunner.h"
#include "LineReader.h"
#include "Plural.h"
#include "QuerySets.h"
#include "ReplacingFile.h"
#include "RunComparison.h"
#include "RunHistory.h"
#include "TextEscape.h"
#include "TrecWriter.h"
#include "VerdictJudgments.h"

#include <QFile>
#include <QJsonArray>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

const QStringList Subcommands{u"import"_s,  u"sets"_s,          u"run"_s,         u"runs"_s,
                              u"compare"_s, u"from-verdicts"_s, u"export-qrels"_s};

// Which options each subcommand takes; any other given is a usage error.
const QHash<QString, QStringList> &optionsOf()
{
    static const QHash<QString, QStringList> options{
        {u"import"_s, {}},
        {u"sets"_s, {}},
        {u"run"_s, {u"strategy"_s, u"k"_s, u"trec-run"_s}},
        {u"runs"_s, {u"set"_s}},
        {u"compare"_s, {u"permutations"_s, u"seed"_s}},
        {u"from-verdicts"_s, {u"since"_s, u"name"_s}},
        {u"export-qrels"_s, {}}};
    return options;
}
const QStringList AllOptions{u"strategy"_s,     u"k"_s,    u"trec-run"_s, u"set"_s,
                             u"permutations"_s, u"seed"_s, u"since"_s,    u"name"_s};

Status writeFile(const QString &path, const QByteArray &content)
{
    // A failed write leaves the old file, or none; a link at the path is
    // replaced, not followed.
    ReplacingFile file(path);
    if (!file.open() || file.write(content) != content.size())
        return fail(u"cannot write %1: %2"_s.arg(path, file.errorString()));
    return file.commit();
}

std::optional<int> positiveNumber(const QString &text)
{
    bool ok = false;
    const int n = text.toInt(&ok);
    return ok && n > 0 ? std::optional(n) : std::nullopt;
}

} // namespace

class EvalCommand : public Command
{
public:
    QString name() const override { return u"eval"_s; }
    QString usage() const override
    {
        return u"eval import SET.jsonl | sets | run SET [--strategy ID[@V]]... [--k 10] "
               "[--trec-run FILE] | runs [--set SET] | compare RUN_A RUN_B [--permutations N] "
               "[--seed S] | from-verdicts [--since TIME] [--name NAME] | export-qrels SET FILE"_s;
    }
    QString summary() const override
    {
        return u"retrieval evaluation: judged query sets, scored runs, comparisons"_s;
    }
    QString description() const override
    {
        return u"Import stores a query set in JSON Lines (re-importing the same content changes "
               "nothing); sets lists them. run scores a set with each --strategy (none: each "
               "query's own), through the retrieval engine as each query's principal, writing "
               "no memory-use record, and stores the run with its signature; runs lists stored "
               "runs and marks those whose set, strategy or projection has changed since "
               "(drifted). compare pairs two runs of one set query by query: per metric both "
               "means, the difference and a paired randomization p-value, wins and losses, and "
               "rank-biased overlap. from-verdicts builds a set from recorded retrievals and "
               "their verdicts (applies 2, needs-check 1, rejected 0). export-qrels writes the "
               "judgments in TREC qrels form. A query naming another principal (as) runs only "
               "for an admin acting as itself. See docs/evaluation.md."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &parser) const override
    {
        const QString what = parser.positionalArguments().value(0);
        return what == u"import"_s || what == u"run"_s || what == u"from-verdicts"_s
                   ? Database::Mode::OpenExisting
                   : Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(
            u"WHAT"_s, u"import, sets, run, runs, compare, from-verdicts or export-qrels."_s);
        parser.addOption({u"strategy"_s,
                          u"run: score this strategy (ID or ID@V); repeat for several runs."_s,
                          u"ID"_s});
        parser.addOption({u"k"_s, u"run: the metrics' cut-off (default 10)."_s, u"K"_s, u"10"_s});
        parser.addOption(
            {u"trec-run"_s, u"run: also write the ranked lists in TREC run form."_s, u"FILE"_s});
        parser.addOption({u"set"_s, u"runs: only the runs of this set."_s, u"SET"_s});
        parser.addOption({u"permutations"_s,
                          u"compare: sign flips of the randomization test (default 10000)."_s,
                          u"N"_s, u"10000"_s});
        parser.addOption(
            {u"seed"_s, u"compare: the test's random seed (default 1)."_s, u"S"_s, u"1"_s});
        parser.addOption({u"since"_s,
                          u"from-verdicts: only verdicts given at or after TIME (RFC 3339)."_s,
                          u"TIME"_s});
        parser.addOption(
            {u"name"_s, u"from-verdicts: the new set's id (default verdicts)."_s, u"NAME"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        const QString what = args.value(0);
        if (!Subcommands.contains(what))
            return context.usage(u"eval: expected one of %1"_s.arg(Subcommands.join(u", "_s)));
        for (const QString &option : AllOptions)
            if (parser.isSet(option) && !optionsOf().value(what).contains(option))
                return context.usage(u"eval %1: --%2 is not an option of it"_s.arg(what, option));
        const QStringList rest = args.mid(1);
        if (what == u"import"_s)
            return importSet(context, rest);
        if (what == u"sets"_s)
            return listSets(context, rest);
        if (what == u"run"_s)
            return runSet(context, parser, rest);
        if (what == u"runs"_s)
            return listRuns(context, parser, rest);
        if (what == u"compare"_s)
            return compare(context, parser, rest);
        if (what == u"from-verdicts"_s)
            return fromVerdicts(context, parser, rest);
        return exportQrels(context, rest);
    }

private:
    static int importSet(CliContext &context, const QStringList &rest)
    {
        if (rest.size() != 1 || rest.first().isEmpty())
            return context.usage(u"eval import: expected 'eval import SET.jsonl'"_s);
        QFile file(rest.first());
        if (!file.open(QIODevice::ReadOnly))
            return context.refuse(ErrorKind::NotFound,
                                  u"cannot read %1: %2"_s.arg(rest.first(), file.errorString()));
        const auto content = LineReader::readAll(file);
        if (!content)
            return context.refuse(ErrorKind::InvalidInput, u"%1: %2; nothing was imported"_s.arg(
                                                               rest.first(), content.error()));
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        auto imported = QuerySets(**context.database(), context.clock())
                            .importJsonLines(*content, actor->real.id);
        if (!imported)
            return context.refuse(ErrorKind::InvalidInput,
                                  u"%1: %2"_s.arg(rest.first(), imported.error()));
        return EvalOutput::imported(context, *imported);
    }

    static int listSets(CliContext &context, const QStringList &rest)
    {
        if (!rest.isEmpty())
            return context.usage(u"eval sets: takes no arguments"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto sets = QuerySets(**db, context.clock()).list();
        if (!sets)
            return context.refuse(sets.error());
        return EvalOutput::sets(context, *sets);
    }

    static int runSet(CliContext &context, const QCommandLineParser &parser,
                      const QStringList &rest)
    {
        if (rest.size() != 1 || rest.first().isEmpty())
            return context.usage(u"eval run: expected 'eval run SET [--strategy ID]...'"_s);
        const auto k = positiveNumber(parser.value(u"k"_s));
        if (!k)
            return context.usage(u"eval run: --k needs a whole number >= 1"_s);
        const QString trec = parser.value(u"trec-run"_s);
        if (parser.isSet(u"trec-run"_s) && trec.isEmpty())
            return context.usage(u"eval run: --trec-run needs a file name"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        EvaluationRunner runner(**db, context.clock(), *actor);
        auto runs = runner.run(rest.first(), parser.values(u"strategy"_s), *k);
        if (!runs)
            return context.refuse(runs.refusal());
        if (!trec.isEmpty()) {
            QByteArray lines;
            for (const EvalRun &run : *runs)
                lines += TrecWriter::run(run);
            if (auto written = writeFile(trec, lines); !written)
                return context.refuse(ErrorKind::Io, written.error());
        }
        return EvalOutput::runs(context, *runs);
    }

    static int listRuns(CliContext &context, const QCommandLineParser &parser,
                        const QStringList &rest)
    {
        if (!rest.isEmpty())
            return context.usage(u"eval runs: takes no arguments (--set SET filters)"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto reader = context.actorIfAny();
        if (!reader)
            return context.refuse(reader.error());
        auto runs = RunHistory(**db, *reader ? &**reader : nullptr).list(parser.value(u"set"_s));
        if (!runs)
            return context.refuse(runs.error());
        return EvalOutput::history(context, *runs);
    }

    static int compare(CliContext &context, const QCommandLineParser &parser,
                       const QStringList &rest)
    {
        bool okA = false;
        bool okB = false;
        const qint64 a = rest.value(0).toLongLong(&okA);
        const qint64 b = rest.value(1).toLongLong(&okB);
        if (rest.size() != 2 || !okA || !okB)
            return context.usage(u"eval compare: expected 'eval compare RUN_A RUN_B' (run ids)"_s);
        const auto permutations = positiveNumber(parser.value(u"permutations"_s));
        if (!permutations)
            return context.usage(u"eval compare: --permutations needs a whole number >= 1"_s);
        bool okSeed = false;
        const quint64 seed = parser.value(u"seed"_s).toULongLong(&okSeed);
        if (!okSeed)
            return context.usage(u"eval compare: --seed needs a whole number >= 0"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto reader = context.actorIfAny();
        if (!reader)
            return context.refuse(reader.error());
        const RunHistory history(**db, *reader ? &**reader : nullptr);
        auto runA = history.load(a);
        auto runB = history.load(b);
        if (!runA || !runB)
            return context.refuse(!runA ? runA.error() : runB.error());
        if (!*runA || !*runB)
            return context.refuse(
                ErrorKind::NotFound,
                u"no evaluation run %1 (eval runs lists them)"_s.arg(!*runA ? a : b));
        auto comparison = RunComparison::compare(**runA, **runB, *permutations, seed);
        if (!comparison)
            return context.refuse(ErrorKind::InvalidInput, comparison.error());
        return EvalOutput::comparison(context, *comparison);
    }

    static int fromVerdicts(CliContext &context, const QCommandLineParser &parser,
                            const QStringList &rest)
    {
        if (!rest.isEmpty())
            return context.usage(u"eval from-verdicts: takes no arguments"_s);
        const QString since = parser.value(u"since"_s);
        if (parser.isSet(u"since"_s) && !QDateTime::fromString(since, Qt::ISODate).isValid())
            return context.usage(
                u"eval from-verdicts: --since needs an RFC 3339 time, not '%1'"_s.arg(since));
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        // Verdicts are compared as stored: UTC, second precision.
        const QString from =
            since.isEmpty() ? QString() : Clock::format(QDateTime::fromString(since, Qt::ISODate));
        auto set = VerdictJudgments(**db, *actor).build(from, parser.value(u"name"_s));
        if (!set)
            return context.refuse(ErrorKind::NotFound, set.error());
        auto imported = QuerySets(**db, context.clock()).import(*set, actor->real.id);
        if (!imported)
            return context.refuse(imported.error());
        return EvalOutput::imported(context, *imported);
    }

    static int exportQrels(CliContext &context, const QStringList &rest)
    {
        if (rest.size() != 2 || rest.at(0).isEmpty() || rest.at(1).isEmpty())
            return context.usage(u"eval export-qrels: expected 'eval export-qrels SET FILE'"_s);
        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto reader = context.actorIfAny();
        if (!reader)
            return context.refuse(reader.error());
        const Actor *readerActor = *reader ? &**reader : nullptr;
        auto set = QuerySets(**db, context.clock()).load(rest.at(0), readerActor);
        if (!set)
            return context.refuse(set.error());
        if (!*set)
            return context.refuse(ErrorKind::NotFound,
                                  u"no query set '%1' (eval sets lists them)"_s.arg(rest.at(0)));
        auto statuses = RunHistory(**db, readerActor).list(rest.at(0));
        if (!statuses)
            return context.refuse(statuses.error());
        QList<EvalRun> runs;
        for (const RunStatus &status : std::as_const(*statuses))
            runs.append(status.run);
        const QByteArray qrels = TrecWriter::qrels(**set, runs);
        if (auto written = writeFile(rest.at(1), qrels); !written)
            return context.refuse(ErrorKind::Io, written.error());
        const qint64 lines = qrels.count('\n');
        if (context.json())
            return context.printJson(
                {{u"set"_s, rest.at(0)}, {u"file"_s, rest.at(1)}, {u"lines"_s, lines}});
        context.out() << "wrote " << counted(lines, u"qrels line") << " of set "
                      << escaped(rest.at(0)) << " to " << escaped(rest.at(1)) << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeEvalCommand()
{
    return std::make_unique<EvalCommand>();
}

} // namespace cw::cli
