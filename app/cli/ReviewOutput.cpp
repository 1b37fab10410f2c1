#include "ReviewOutput.h"

#include "ReviewJson.h"

#include <QJsonDocument>

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
        out << "  " << a.effectivePrincipal;
        if (a.principal != a.effectivePrincipal)
            out << " (via " << a.principal << ")";
        out << " as " << QString(a.role).replace(u'_', u' ') << ", on version " << a.onVersion
            << " at " << a.at << ": ";
        if (a.outdated)
            out << "OUTDATED (" << a.outdatedReason << ")";
        else
            out << "current";
        out << " - " << a.reason << '\n';
    }
}

int printOutcome(CliContext &context, const ReviewOutcome &o)
{
    if (context.json())
        return context.printJson(ReviewJson::outcome(o));
    QTextStream &out = context.out();
    out << o.summary << '\n';
    out << o.revision.ref << " revision " << o.revision.revision << ": " << o.revision.state
        << ", version " << o.revision.version;
    if (!o.proposalId.isEmpty())
        out << "; " << o.proposalId << " " << o.proposalStatus;
    out << '\n';
    if (o.replaced)
        out << o.replaced->ref << " revision " << o.replaced->revision << ": " << o.replaced->state
            << ", version " << o.replaced->version << '\n';
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
    if (context.json()) {
        context.out() << QJsonDocument(QJsonObject{{u"refusal"_s, ReviewJson::refusal(refusal)}})
                             .toJson(QJsonDocument::Indented);
        context.out().flush();
    }
    return context.refuse(refusal.message);
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
