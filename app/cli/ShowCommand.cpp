// show: one case, proposal or article with what belongs to it.

#include "Command.h"
#include "EditRules.h"
#include "LagMonitor.h"
#include "RecordViews.h"
#include "ReviewOutput.h"
#include "TextEscape.h"

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

// Every stored value goes through escaped(): a field cannot print a line of
// its own or move the terminal.
void printField(QTextStream &out, const char *label, const QString &value)
{
    if (!value.isEmpty())
        out << "  " << QString::fromLatin1(label).leftJustified(16) << escaped(value) << '\n';
}

void printCase(QTextStream &out, const CaseView &view, const QString &indent = {})
{
    const CaseRecord &c = view.record;
    out << indent << "case " << escaped(c.key.toString()) << " [" << escaped(c.status) << "] "
        << escaped(c.title) << '\n';
    printField(out, "object", c.object);
    printField(out, "request type", c.requestType);
    printField(out, "product", c.product + u' ' + c.productVersion);
    printField(out, "route", c.route);
    printField(out, "owner", c.owner);
    printField(out, "disposition", c.disposition);
    printField(out, "symptoms", c.symptomTags.join(u", "_s));
    out << indent << "arrivals (" << view.arrivals.size() << "):\n";
    for (const ArrivalRecord &a : view.arrivals)
        out << indent << "  " << escaped(a.receivedAt) << "  rev " << escaped(a.sourceRevision)
            << "  " << escaped(a.deliveryId) << "  " << escaped(a.attachKind) << ": "
            << escaped(a.attachReason) << '\n';
    out << indent << "updates (" << view.updates.size() << "):\n";
    for (const CaseUpdateRecord &u : view.updates)
        out << indent << "  " << escaped(u.at) << "  " << escaped(u.status) << "  route "
            << escaped(u.route) << ", owner " << escaped(u.owner) << ", " << escaped(u.disposition)
            << '\n';
    out << indent << "proof records (" << view.proofs.size() << "):\n";
    for (const ProofRecord &p : view.proofs)
        out << indent << "  " << escaped(p.proofId) << "  " << escaped(p.result).leftJustified(11)
            << escaped(p.contentType) << "  " << escaped(p.title) << '\n';
}

void printRevision(QTextStream &out, const RevisionRecord &r)
{
    out << "revision " << r.revision << " [" << escaped(r.state) << "] version " << r.version
        << ": " << escaped(r.title) << '\n';
    printField(out, "synopsis", r.synopsis);
    printField(out, "route", r.route);
    printField(out, "mechanism", r.mechanism);
    printField(out, "method", r.method);
    printField(out, "outcome", r.outcome);
    printField(out, "proof level", r.proofLevel);
    printField(out, "limits", r.limits);
    printField(out, "scope",
               r.product.isEmpty() ? QString() : r.product + u' ' + r.productVersions);
    if (r.effortActiveHours || r.effortWaitingHours)
        printField(out, "effort",
                   u"%1 h active, %2 h waiting (kept apart)"_s.arg(r.effortActiveHours.value_or(0))
                       .arg(r.effortWaitingHours.value_or(0)));
    printField(out, "status as filed", r.sourceStatus);
    if (r.sourceCaseErased)
        printField(out, "source case", u"erased (the sanitised pattern stays)"_s);
    printField(out, "tags", r.tags.join(u", "_s));
    printField(out, "symptoms", r.symptomTags.join(u", "_s));
    printField(out, "related to", r.relatedTo.join(u", "_s));
    printField(out, "supersedes", r.supersedes.join(u", "_s));
    printField(out, "superseded by", r.supersededBy.join(u", "_s));
    printField(out, "valid",
               r.validFrom.isEmpty() ? QString() : r.validFrom + u" .. "_s + r.validTo);
}

void printAudit(QTextStream &out, const QList<AuditRecord> &audit)
{
    out << "audit (" << audit.size() << "):\n";
    for (const AuditRecord &a : audit) {
        out << "  " << escaped(a.at) << "  " << escaped(a.action) << " by " << escaped(a.principal);
        if (a.effectivePrincipal != a.principal)
            out << " as " << escaped(a.effectivePrincipal);
        if (!a.reason.isEmpty())
            out << ": " << escaped(a.reason);
        out << '\n';
    }
}

} // namespace

class ShowCommand : public Command
{
public:
    QString name() const override { return u"show"_s; }
    QString usage() const override { return u"show REF"_s; }
    QString summary() const override
    {
        return u"one case, proposal or article with its revisions, proofs, reviews"_s;
    }
    QString description() const override
    {
        return u"Prints one case (tenant/system/request), proposal (PR-1) or article (EXP-1, "
               "DEC-4) with what belongs to it: arrivals, updates and proof records; revisions, "
               "approvals and audit; for a proposal also how far it is from being retrievable."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"REF"_s, u"A case (tenant/system/request), a proposal id "
                                               "(PR-1) or an article ref (EXP-1, DEC-4)."_s);
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (parser.positionalArguments().size() != 1)
            return context.usage(u"show: expected exactly one REF"_s);
        const QString ref = parser.positionalArguments().constFirst();
        if (ref.trimmed().isEmpty())
            return context.usage(u"show: REF is empty (is a variable unset?)"_s);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        const Access access(**context.database(), *actor);
        RecordViews views(**context.database(), access);
        QTextStream &out = context.out();

        if (const auto key = CaseKey::parse(ref)) {
            auto view = views.caseView(*key);
            if (!view)
                return context.refuse(view.error());
            if (*view) {
                if (context.json())
                    return context.printJson(RecordViews::toJson(**view));
                printCase(out, **view);
                return ExitOk;
            }
        }
        auto proposal = views.proposalView(ref);
        if (!proposal)
            return context.refuse(proposal.error());
        if (*proposal) {
            const ProposalView &p = **proposal;
            // Its way to retrievability: published? projected? how far behind?
            auto visible = LagMonitor(**context.database(), context.clock())
                               .visibility(p.article.ref, p.revision.revision);
            if (!visible)
                return context.refuse(visible.error());
            if (context.json()) {
                QJsonObject json = RecordViews::toJson(p);
                json[u"visibility"_s] = QJsonObject{{u"state"_s, visible->stateName()},
                                                    {u"text"_s, visible->text},
                                                    {u"watermark"_s, qint64(visible->watermark)},
                                                    {u"pending_events"_s, visible->pendingEvents}};
                return context.printJson(json);
            }
            out << "proposal " << escaped(p.proposal.id) << " [" << escaped(p.proposal.status)
                << "] for " << escaped(p.article.ref) << " (" << escaped(p.article.kind) << ", "
                << escaped(p.article.domain) << ") proposed by " << escaped(p.proposal.proposedBy)
                << " at " << escaped(p.proposal.proposedAt) << '\n';
            printRevision(out, p.revision);
            if (p.caseRedacted)
                out << "source case: (redacted: not readable by " << escaped(actor->effective.id)
                    << ")\n";
            else if (p.sourceCase)
                printCase(out, *p.sourceCase);
            out << "claimed proof records (" << p.claimedProofs.size() << "):\n";
            for (const ProofRecord &proof : p.claimedProofs)
                out << "  " << escaped(proof.proofId) << "  " << escaped(proof.result) << "  "
                    << escaped(proof.title) << '\n';
            review::printApprovals(out, p.approvals);
            out << "approval rule: " << EditRules::description() << '\n';
            printAudit(out, p.audit);
            out << "visibility: " << escaped(visible->text) << '\n';
            return ExitOk;
        }
        auto article = views.articleView(ref);
        if (!article)
            return context.refuse(article.error());
        if (*article) {
            const ArticleView &a = **article;
            if (context.json())
                return context.printJson(RecordViews::toJson(a));
            out << "article " << escaped(a.article.ref) << " (" << escaped(a.article.kind) << ", "
                << escaped(a.article.domain) << ")";
            if (!a.article.owner.isEmpty())
                out << " owned by " << escaped(a.article.owner);
            if (!a.article.sourcePath.isEmpty())
                out << ", imported from " << escaped(a.article.sourcePath);
            out << '\n';
            for (const RevisionRecord &r : a.revisions)
                printRevision(out, r);
            for (const SourceChange &c : a.sourceChanges)
                out << "source changed (" << escaped(c.change) << ", " << escaped(c.at)
                    << "): " << escaped(c.detail) << "; re-verify or retire\n";
            printAudit(out, a.audit);
            return ExitOk;
        }
        return context.refuse(ErrorKind::NotFound,
                              u"%1: no case, proposal or article by that name visible to %2"_s.arg(
                                  ref, actor->effective.id));
    }
};

std::unique_ptr<Command> makeShowCommand()
{
    return std::make_unique<ShowCommand>();
}

} // namespace cw::cli
