#include "RevisionDiff.h"

#include "EditRules.h"
#include "Theme.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <dtl/dtl.hpp>
#include <vector>

namespace cw {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RevisionDiff", text);
}

QString valueOf(const RevisionRecord &r, const QString &key)
{
    if (key == QLatin1String("outcome"))
        return r.outcome;
    if (key == QLatin1String("mechanism"))
        return r.mechanism;
    if (key == QLatin1String("method"))
        return r.method;
    if (key == QLatin1String("route"))
        return r.route;
    if (key == QLatin1String("limits"))
        return r.limits;
    if (key == QLatin1String("proof_level"))
        return r.proofLevel;
    if (key == QLatin1String("product_scope"))
        return QString(r.product + u' ' + r.productVersions).trimmed();
    if (key == QLatin1String("source_case"))
        return r.sourceCaseId ? QString::number(*r.sourceCaseId) : QString();
    if (key == QLatin1String("synopsis"))
        return r.synopsis;
    if (key == QLatin1String("title"))
        return r.title;
    if (key == QLatin1String("tags"))
        return r.tags.join(QStringLiteral(", "));
    return {};
}

// Words and runs of whitespace as separate tokens, so joining restores the
// text and a word that moved to the end of a line still matches.
std::vector<QString> words(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("\\S+|\\s+"));
    std::vector<QString> out;
    for (auto it = word.globalMatch(text); it.hasNext();)
        out.push_back(it.next().captured());
    return out;
}

} // namespace

QList<RevisionDiff::Field> RevisionDiff::changedFields(const RevisionRecord &active,
                                                       const RevisionRecord &proposed)
{
    QList<Field> changed;
    for (const EditRules::Field &f : EditRules::fields()) {
        const QString key = QString::fromLatin1(f.key);
        // Source case ids are internal; a different case is not a wording change.
        if (key == QLatin1String("source_case"))
            continue;
        const QString before = valueOf(active, key);
        const QString after = valueOf(proposed, key);
        if (before != after)
            changed.append({key, EditRules::labelOf(key), before, after,
                            f.weight == EditRules::Weight::Substantive});
    }
    return changed;
}

QString RevisionDiff::wordDiffHtml(const QString &before, const QString &after)
{
    const std::vector<QString> a = words(before);
    const std::vector<QString> b = words(after);
    dtl::Diff<QString, std::vector<QString>> diff(a, b);
    diff.compose();
    QString html;
    for (const auto &[word, info] : diff.getSes().getSequence()) {
        const QString text = word.toHtmlEscaped();
        if (info.type == dtl::SES_DELETE)
            html += QStringLiteral("<span style=\"%1;text-decoration:line-through\">%2</span>")
                        .arg(Theme::css(Theme::Tone::Bad, true), text);
        else if (info.type == dtl::SES_ADD)
            html += QStringLiteral("<span style=\"%1\">%2</span>")
                        .arg(Theme::css(Theme::Tone::Good, true), text);
        else
            html += text;
    }
    return html;
}

QString RevisionDiff::html(const RevisionRecord &active, const RevisionRecord &proposed)
{
    const QList<Field> changed = changedFields(active, proposed);
    if (changed.isEmpty())
        return QStringLiteral("<p>%1</p>")
            .arg(tr("No field differs from the active revision.").toHtmlEscaped());
    QString html = QStringLiteral("<table cellspacing=4 width=100%>");
    for (const Field &f : changed)
        html += QStringLiteral("<tr><th align=left valign=top>%1<br><small>%2</small></th>"
                               "<td>%3</td></tr>")
                    .arg(f.label.toHtmlEscaped(),
                         (f.substantive ? tr("substantive") : tr("cosmetic")).toHtmlEscaped(),
                         wordDiffHtml(f.before, f.after));
    return html + QStringLiteral("</table>");
}

} // namespace cw
