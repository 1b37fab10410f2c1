#include "ProposalDetails.h"

#include "Access.h"
#include "RecordViews.h"

#include <QCoreApplication>

namespace cw::ProposalDetails {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ProposalDetails", text);
}

QString row(const QString &label, const QString &value)
{
    if (value.isEmpty())
        return {};
    return QStringLiteral("<tr><th align=left valign=top>%1</th><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}

QString claim(const RevisionRecord &r)
{
    QString html = QStringLiteral("<table cellspacing=4>");
    html +=
        row(tr("Route"), r.route) + row(tr("Mechanism"), r.mechanism) +
        row(tr("Method"), r.method) + row(tr("Outcome"), r.outcome) +
        row(tr("Proof level"), r.proofLevel) + row(tr("Limits"), r.limits) +
        row(tr("Scope"), r.product.isEmpty() ? QString() : r.product + u' ' + r.productVersions) +
        row(tr("Tags"), r.tags.join(QStringLiteral(", "))) +
        row(tr("Symptoms"), r.symptomTags.join(QStringLiteral(", ")));
    if (r.effortActiveHours || r.effortWaitingHours)
        html += row(tr("Effort"), tr("%1 h active; %2 h owner waiting (kept apart)")
                                      .arg(r.effortActiveHours.value_or(0))
                                      .arg(r.effortWaitingHours.value_or(0)));
    return html + QStringLiteral("</table>");
}

QString evidence(const ProposalView &view)
{
    if (view.caseKey.isEmpty())
        return QStringLiteral("<p>%1</p>").arg(tr("No source case.").toHtmlEscaped());
    if (view.caseRedacted || !view.sourceCase)
        return QStringLiteral("<p><i>%1</i></p>")
            .arg(
                tr("Source case redacted: you may not read cases of this tenant.").toHtmlEscaped());
    const CaseView &c = *view.sourceCase;
    QString html = QStringLiteral("<h3>%1</h3><p>%2 — %3</p><ul>")
                       .arg(c.record.key.toString().toHtmlEscaped(),
                            c.record.status.toHtmlEscaped(), c.record.title.toHtmlEscaped());
    for (const ArrivalRecord &a : c.arrivals)
        html += QStringLiteral("<li>%1 rev %2 (%3): %4</li>")
                    .arg(a.receivedAt.toHtmlEscaped(), a.sourceRevision.toHtmlEscaped(),
                         a.attachKind.toHtmlEscaped(), a.attachReason.toHtmlEscaped());
    html += QStringLiteral("</ul><h4>%1</h4><ul>").arg(tr("Proof records").toHtmlEscaped());
    for (const ProofRecord &p : c.proofs) {
        const bool claimed = view.proposal.proofIds.contains(p.id);
        html += QStringLiteral("<li>%1<b>%2</b> %3 [%4, %5]</li>")
                    .arg(claimed ? QStringLiteral("★ ") : QString(), p.proofId.toHtmlEscaped(),
                         p.title.toHtmlEscaped(), p.contentType.toHtmlEscaped(),
                         p.result.toHtmlEscaped());
    }
    return html + QStringLiteral("</ul><p><small>%1</small></p>")
                      .arg(tr("★ claimed by the proposal").toHtmlEscaped());
}

} // namespace

QString html(const Database &db, const Actor &actor, const QString &proposalId)
{
    const Access access(db, actor);
    RecordViews views(db, access);
    auto view = views.proposalView(proposalId);
    if (!view)
        return QStringLiteral("<p>%1</p>").arg(view.error().toHtmlEscaped());
    if (!*view)
        return QStringLiteral("<p>%1</p>")
            .arg(tr("This proposal no longer exists.").toHtmlEscaped());
    const ProposalView &p = **view;
    return QStringLiteral(
               "<h2>%1 — %2</h2><p>%3 r%4 · %5 · %6</p><p>%7</p><h3>%8</h3>%9<h3>%10</h3>%11")
        .arg(p.proposal.id.toHtmlEscaped(), p.revision.title.toHtmlEscaped(),
             p.article.ref.toHtmlEscaped(), QString::number(p.revision.revision),
             p.article.domain.toHtmlEscaped(), p.proposal.status.toHtmlEscaped(),
             p.revision.synopsis.toHtmlEscaped(), tr("Claim").toHtmlEscaped(), claim(p.revision),
             tr("Evidence").toHtmlEscaped(), evidence(p));
}

} // namespace cw::ProposalDetails
