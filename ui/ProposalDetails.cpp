#include "ProposalDetails.h"

#include "ReviewRules.h"
#include "Theme.h"

#include <QCoreApplication>

#include <algorithm>

namespace cw::ProposalDetails {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cw::ProposalDetails", text);
}

QString row(const QString &label, const QString &value)
{
    if (value.isEmpty())
        return {};
    return QStringLiteral("<tr><th align=left valign=top>%1</th><td>%2</td></tr>")
        .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
}

QString arrivals(const CaseView &c)
{
    QString html = QStringLiteral("<h4>%1</h4><ul>").arg(tr("Arrivals").toHtmlEscaped());
    for (const ArrivalRecord &a : c.arrivals)
        html += QStringLiteral("<li>%1 · %2 · <b>%3</b>: %4</li>")
                    .arg(a.receivedAt.toHtmlEscaped(),
                         tr("rev %1").arg(a.sourceRevision).toHtmlEscaped(),
                         a.attachKind.toHtmlEscaped(), a.attachReason.toHtmlEscaped());
    return html + QStringLiteral("</ul>");
}

QString support(const ProposalView &view)
{
    const QString claimed = view.revision.proofLevel;
    const auto refused =
        ReviewRules::checkProofLevel(view.proposal.id, claimed, view.claimedProofs);
    if (!refused)
        return QStringLiteral("<p style=\"%1\">✔ %2</p>")
            .arg(Theme::css(Theme::Tone::Good),
                 tr("The linked proof records support the claimed proof level (%1).")
                     .arg(claimed)
                     .toHtmlEscaped());
    return QStringLiteral("<p style=\"%1\">✘ %2</p>")
        .arg(Theme::css(Theme::Tone::Bad), refused->message.toHtmlEscaped());
}

} // namespace

QString versionText(const ProposalView &p)
{
    // The version is the revision row's change counter (what a decision
    // names): every edit and every decision, a sign-off too, adds one. Say
    // so, and how many of those changes touched the text.
    const auto edits = std::count_if(p.audit.cbegin(), p.audit.cend(), [](const AuditRecord &a) {
        return a.action == QLatin1String("edit");
    });
    return QCoreApplication::translate("cw::ProposalDetails",
                                       "version %1 (counts every change, sign-offs too) · "
                                       "text edited %n time(s)",
                                       nullptr, int(edits))
        .arg(p.revision.version);
}

QString headerHtml(const ProposalView &p)
{
    return QStringLiteral("<h2>%1 — %2</h2><p>%3 r%4 · %5 · %6 · %7</p><p>%8</p>")
        .arg(p.proposal.id.toHtmlEscaped(), p.revision.title.toHtmlEscaped(),
             p.article.ref.toHtmlEscaped(), QString::number(p.revision.revision),
             p.article.domain.toHtmlEscaped(), p.proposal.status.toHtmlEscaped(),
             versionText(p).toHtmlEscaped(), p.revision.synopsis.toHtmlEscaped());
}

QString claimHtml(const RevisionRecord &r)
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
        html += row(tr("Effort"), tr("%1 h active · %2 h owner waiting (kept apart)")
                                      .arg(r.effortActiveHours.value_or(0))
                                      .arg(r.effortWaitingHours.value_or(0)));
    return html + QStringLiteral("</table>");
}

QString caseHtml(const ProposalView &view)
{
    if (view.caseRedacted)
        return QStringLiteral("<p><i>%1</i></p>")
            .arg(
                tr("Source case redacted: you may not read cases of this tenant.").toHtmlEscaped());
    if (!view.sourceCase)
        return QStringLiteral("<p>%1</p>").arg(tr("No source case.").toHtmlEscaped());
    const CaseView &c = *view.sourceCase;
    QString html =
        QStringLiteral("<h3>%1</h3><p>%2</p><table cellspacing=4>")
            .arg(c.record.key.toString().toHtmlEscaped(), c.record.title.toHtmlEscaped());
    html +=
        row(tr("Status"), c.record.status) + row(tr("Route"), c.record.route) +
        row(tr("Disposition"), c.record.disposition) + row(tr("Owner"), c.record.owner) +
        row(tr("Product"), QString(c.record.product + u' ' + c.record.productVersion).trimmed());
    return html + QStringLiteral("</table>") + arrivals(c) + support(view);
}

bool supportsClaim(const ProofRecord &proof, const QString &claimedLevel)
{
    return ReviewRules::rank(ReviewRules::supportedLevel({proof})) >=
           ReviewRules::rank(claimedLevel);
}

} // namespace cw::ProposalDetails
