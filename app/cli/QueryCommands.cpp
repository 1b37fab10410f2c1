// query and verdict: the retrieval engine and the memory-use record.

#include "Command.h"
#include "Plural.h"
#include "RetrievalEngine.h"
#include "RetrievalJson.h"
#include "StrategyCatalog.h"
#include "TextEscape.h"
#include "Verdicts.h"
#include "Vocabulary.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::cli {

using namespace Qt::StringLiterals;

class QueryCommand : public Command
{
public:
    QString name() const override { return u"query"_s; }
    QString usage() const override { return u"query --strategy ID [options]"_s; }
    QString summary() const override
    {
        return u"retrieval: candidates with trace, watermark and lag"_s;
    }
    QString description() const override
    {
        return u"Runs a retrieval strategy within your scope and prints the candidates with their "
               "stage-by-stage trace, the index watermark, the canonical head and what lags. "
               "Every query is recorded as a memory use, on which verdict records what applied."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOptions({
            {u"strategy"_s,
             u"Strategy id or id@version: "_s + StrategyCatalog::builtIn().ids().join(u", "_s) +
                 u'.',
             u"ID"_s},
            {u"text"_s, u"Objective or symptom text (content search)."_s, u"T"_s},
            {u"case"_s, u"The current case: tenant/source_system/source_request."_s, u"REF"_s},
            {u"source"_s, u"Canonical source identity SYSTEM/REQUEST/REVISION."_s, u"ID"_s},
            {u"domain"_s, u"Requesting domain."_s, u"D"_s},
            {u"tag"_s, u"A tag (repeatable)."_s, u"T"_s},
            {u"symptom"_s, u"A symptom tag (repeatable)."_s, u"TAG"_s},
            {u"ref"_s, u"An explicit article ref (repeatable)."_s, u"REF"_s},
            {u"product"_s, u"Product of the request."_s, u"P"_s},
            {u"version"_s, u"Product version of the request."_s, u"V"_s},
            {u"min-proof"_s, u"Minimum proof level: verified, executed or proposed."_s, u"LEVEL"_s},
            {u"limit"_s, u"At most K candidates."_s, u"K"_s},
            {u"budget-tokens"_s, u"Token budget for the candidates."_s, u"N"_s},
            {u"as-of"_s, u"Answer from what was current at TIME (RFC 3339)."_s, u"TIME"_s},
            {u"purpose"_s, u"Why you ask (recorded)."_s, u"TEXT"_s},
        });
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.isSet(u"strategy"_s))
            return context.usage(u"query: --strategy is required"_s);
        RetrievalRequest request;
        request.strategy = parser.value(u"strategy"_s);
        request.text = parser.value(u"text"_s);
        request.caseRef = parser.value(u"case"_s);
        request.source = parser.value(u"source"_s);
        request.domain = parser.value(u"domain"_s);
        request.tags = parser.values(u"tag"_s);
        request.symptoms = parser.values(u"symptom"_s);
        request.refs = parser.values(u"ref"_s);
        request.product = parser.value(u"product"_s);
        request.productVersion = parser.value(u"version"_s);
        request.minProof = parser.value(u"min-proof"_s);
        request.purpose = parser.value(u"purpose"_s);
        for (const auto &[option, target] :
             {std::pair{u"limit"_s, &request.limit},
              std::pair{u"budget-tokens"_s, &request.budgetTokens}}) {
            if (!parser.isSet(option))
                continue;
            bool ok = false;
            *target = parser.value(option).toInt(&ok);
            if (!ok || *target <= 0)
                return context.usage(u"query: --%1 needs a positive whole number"_s.arg(option));
        }
        if (parser.isSet(u"as-of"_s)) {
            request.asOf = QDateTime::fromString(parser.value(u"as-of"_s), Qt::ISODate);
            if (!request.asOf.isValid())
                return context.usage(
                    u"query: --as-of needs an RFC 3339 time, e.g. 2026-03-01T09:00:00Z"_s);
        }
        if (!StrategyCatalog::builtIn().find(request.strategy))
            return context.usage(u"query: "_s +
                                 StrategyCatalog::builtIn().find(request.strategy).error());
        if (const QString error = requestError(request); !error.isEmpty())
            return context.usage(u"query: "_s + error);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        auto engine = context.retrievalEngine();
        if (!engine)
            return context.refuse(engine.error());
        auto result = (*engine)->run(*actor, request);
        if (!result)
            return context.refuse(result.error());
        // The answer first; the checkpoint the retrieval's commit skipped
        // after it (RetrievalEngine::checkpointIfGrown), after the MCP
        // server's answer too.
        int exit = ExitOk;
        if (context.json())
            exit = context.printJson(RetrievalJson::result(*result));
        else
            printText(context.out(), *result);
        context.out().flush();
        context.afterAnswer([engine = *engine] { engine->checkpointIfGrown(); });
        return exit;
    }

private:
    // What the engine would refuse or silently ignore, as a usage error
    // naming what is allowed.
    static QString requestError(const RetrievalRequest &request)
    {
        if (!request.minProof.isEmpty() && !parse<ProofLevel>(request.minProof))
            return u"--min-proof must be one of verified, executed, proposed, not '%1'"_s.arg(
                request.minProof);
        if (!request.caseRef.isEmpty() && !CaseKey::parse(request.caseRef))
            return u"--case must be tenant/source_system/source_request, not '%1'"_s.arg(
                request.caseRef);
        if (!request.source.isEmpty()) {
            const QStringList parts = request.source.split(u'/');
            bool blank = false;
            for (const QString &part : parts)
                blank = blank || part.trimmed().isEmpty();
            if (parts.size() < 2 || parts.size() > 3 || blank)
                return u"--source must be SYSTEM/REQUEST or SYSTEM/REQUEST/REVISION, not '%1'"_s
                    .arg(request.source);
        }
        return {};
    }

    static void printText(QTextStream &out, const RetrievalResult &r)
    {
        // Stored values and what the caller typed are escaped: a title or a
        // note cannot print a line of its own or move the terminal.
        out << escaped(r.strategy) << " for " << escaped(r.effectivePrincipal);
        if (r.realPrincipal != r.effectivePrincipal)
            out << " (by " << escaped(r.realPrincipal) << ")";
        out << ", memory use #" << r.memoryUseId << "\nindex watermark " << r.watermark
            << ", canonical head " << r.canonicalHead << ", " << counted(r.lagEvents, u"event")
            << " behind\n";
        for (const QString &lag : r.laggingSources)
            out << "  lagging: " << escaped(lag) << '\n';
        for (const ExactMatch &m : r.exactMatches)
            out << "exact: " << escaped(m.relation) << "  " << escaped(m.caseKey) << " ["
                << escaped(m.status) << "] " << escaped(m.title) << " — " << escaped(m.why) << '\n';
        int rank = 0;
        for (const Candidate &c : r.candidates) {
            out << ++rank << ". " << escaped(c.ref) << " r" << c.revision << "  " << escaped(c.kind)
                << "/" << escaped(c.domain) << "  [" << escaped(c.status) << ", "
                << (c.proofLevel.isEmpty() ? u"-"_s : escaped(c.proofLevel)) << "]  score "
                << c.score << "  " << escaped(c.title) << '\n'
                << "   why: " << escaped(c.similarityReason) << '\n';
            if (!c.flags.isEmpty())
                out << "   flags: " << escaped(c.flags, u", "_s) << '\n';
            out << "   source case: "
                << (c.sourceCaseRedacted     ? u"(redacted)"_s
                    : c.sourceCase.isEmpty() ? u"-"_s
                                             : escaped(c.sourceCase))
                << "; stages: " << escaped(c.stages, u", "_s) << '\n';
        }
        for (const DroppedCandidate &d : r.dropped)
            out << "dropped: " << escaped(d.ref) << " r" << d.revision << " — " << escaped(d.reason)
                << '\n';
        out << "budget: " << r.usedTokens << " of " << r.budgetTokens << " tokens\n";
        for (const QString &note : r.notes)
            out << "note: " << escaped(note) << '\n';
        out.flush();
    }
};

class VerdictCommand : public Command
{
public:
    QString name() const override { return u"verdict"_s; }
    QString usage() const override
    {
        return u"verdict MEMORY_USE REF --revision N --verdict applies|rejected|needs-check "
               "--reason TEXT"_s;
    }
    QString summary() const override { return u"record an applicability verdict"_s; }
    QString description() const override
    {
        return u"Records whether a candidate a query returned applied to the case (applies, "
               "rejected or needs-check), on the memory use that query recorded, with your "
               "reason."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"MEMORY_USE"_s, u"The memory_use_id a query returned."_s);
        parser.addPositionalArgument(u"REF"_s, u"The candidate's ref."_s);
        parser.addOptions({{u"revision"_s, u"The candidate's revision."_s, u"N"_s},
                           {u"verdict"_s, u"applies, rejected or needs-check."_s, u"V"_s},
                           {u"reason"_s, u"Why."_s, u"TEXT"_s}});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        bool idOk = false;
        bool revisionOk = false;
        const qint64 useId = args.value(0).toLongLong(&idOk);
        const int revision = parser.value(u"revision"_s).toInt(&revisionOk);
        const QString verdict = parser.value(u"verdict"_s);
        const QString reason = parser.value(u"reason"_s).trimmed();
        if (args.size() != 2 || !idOk || !revisionOk || useId < 1 || revision < 1)
            return context.usage(u"verdict: expected MEMORY_USE REF --revision N (positive whole "
                                 "numbers)"_s);
        if (!Verdicts::values().contains(verdict))
            return context.usage(u"verdict: --verdict must be applies, rejected or needs-check"_s);
        if (reason.isEmpty())
            return context.usage(u"verdict: --reason is required"_s);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        auto recorded = Verdicts(**context.database(), context.clock())
                            .record(*actor, useId, args[1], revision, verdict, reason);
        if (!recorded)
            return context.refuse(recorded.refusal());
        const qint64 id = recorded->id;
        if (context.json())
            return context.printJson({{u"verdict_id"_s, id},
                                      {u"memory_use_id"_s, useId},
                                      {u"ref"_s, args[1]},
                                      {u"revision"_s, revision},
                                      {u"verdict"_s, verdict}});
        context.out() << "verdict " << verdict << " recorded for " << escaped(args[1]) << " r"
                      << revision << " on memory use #" << useId << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeQueryCommand()
{
    return std::make_unique<QueryCommand>();
}
std::unique_ptr<Command> makeVerdictCommand()
{
    return std::make_unique<VerdictCommand>();
}

} // namespace cw::cli
