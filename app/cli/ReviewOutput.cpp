#include "ReviewOutput.h"

#include "ReviewJson.h"
#include "TextEscape.h"

namespace cw::cli::review {

using namespace Qt::StringLiterals;

void addDecisionOptions(QCommandLineParser &parser, const QString &versionHelp)
{
    parser.addOption({u"version"_s, versionHelp, u"N"_s});
    parser.addOption({u"reason"_s, u"Why: kept in the audit trail (required)."_s, u"TEXT"_s});
}

std::optional<DecisionArguments> decisionArguments(const QCommandLineParser &parser,
                                                   const QString &command, QString &usageError)
{
    if (!parser.isSet(u"version"_s)) {
        usageError = command + u": --version N is required (the version you decided on; see "
                               "`show`)"_s;
        return std::nullopt;
    }
    bool ok = false;
    const int version = parser.value(u"version"_s).toInt(&ok);
    if (!ok || version < 1) {
        usageError = command + u": --version must be a positive whole number, not '"_s +
                     parser.value(u"version"_s) + u'\'';
        return std::nullopt;
    }
    const QString reason = parser.value(u"reason"_s);
    if (reason.trimmed().isEmpty()) {
        usageError = command + u": --reason TEXT is required"_s;
        return std::nullopt;
    }
    return DecisionArguments{version, reason};
}

void printApprovals(QTextStream &out, const QList<ReviewRecord> &approvals)
{
    out << "approvals (" << approvals.size() << "):\n";
    for (const ReviewRecord &a : approvals) {
        out << "  " << escaped(a.effectivePrincipal);
        if (a.principal != a.effectivePrincipal)
            out << " (via " << escaped(a.principal) << ")";
        out << " as " << escaped(QString(a.role).replace(u'_', u' ')) << ", on version "
            << a.onVersion << " at " << escaped(a.at) << ": ";
        if (a.outdated)
            out << "OUTDATED (" << escaped(a.outdatedReason) << ")";
        else
            out << "current";
        out << " - " << escaped(a.reason) << '\n';
    }
}

int printOutcome(CliContext &context, const ReviewOutcome &o)
{
    if (context.json())
        return context.printJson(ReviewJson::outcome(o));
    QTextStream &out = context.out();
    out << escaped(o.summary) << '\n';
    out << escaped(o.revision.ref) << " revision " << o.revision.revision << ": "
        << escaped(o.revision.state) << ", version " << o.revision.version;
    if (!o.proposalId.isEmpty())
        out << "; " << escaped(o.proposalId) << " " << escaped(o.proposalStatus);
    out << '\n';
    if (o.replaced)
        out << escaped(o.replaced->ref) << " revision " << o.replaced->revision << ": "
            << escaped(o.replaced->state) << ", version " << o.replaced->version << '\n';
    if (!o.outboxEvents.isEmpty()) {
        QStringList seqs;
        for (const std::int64_t seq : o.outboxEvents)
            seqs.append(QString::number(seq));
        out << "outbox events: " << seqs.join(u", "_s) << '\n';
    }
    if (!o.approvals.isEmpty())
        printApprovals(out, o.approvals);
    out.flush();
    return ExitOk;
}

int printRefusal(CliContext &context, const Refusal &refusal)
{
    // One document: the review's own refusal object beside the common error.
    return context.refuse(CliContext::kindOf(refusal), refusal.message,
                          QJsonObject{{u"refusal"_s, ReviewJson::refusal(refusal)}});
}

int run(CliContext &context, const Action &action)
{
    auto actor = context.actor();
    if (!actor)
        return context.refuse(actor.error());
    auto db = context.database();
    if (!db)
        return context.refuse(db.error());
    const Clock &clock = context.clock();
    ReviewWorkflow workflow(**db, clock);
    auto done = action(workflow, *actor);
    if (!done)
        return printRefusal(context, done.refusal());
    return printOutcome(context, *done);
}

} // namespace cw::cli::review
