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
    return QCoreApplication::translate("cw::RevisionDiff", text);
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
    // Changes come in runs: every removed word of a run, then every added
    // one, so "[-register, period-close-]{+register+}" never interleaves.
    // Whitespace alone between two changed words belongs to the run.
    const auto sequence = diff.getSes().getSequence();
    QString html;
    QString removed;
    QString added;
    // Whitespace seen since each side's last word, and since any changed word.
    QString gapRemoved;
    QString gapAdded;
    QString trailing;
    // Whitespace that separated changed words but went to neither side: one
    // space stands for it after the run, so the run does not glue to the next word.
    bool dropped = false;
    const auto flush = [&] {
        // Whitespace removed or added at a run's end is shown as the separator.
        for (QString *side : {&removed, &added}) {
            while (!side->isEmpty() && side->back().isSpace()) {
                side->chop(1);
                dropped = true;
            }
        }
        if (trailing.isEmpty() && dropped)
            trailing = QStringLiteral(" ");
        if (!removed.isEmpty())
            html += QStringLiteral("<span style=\"%1;text-decoration:line-through\">"
                                   "[-%2-]</span>")
                        .arg(Theme::css(Theme::Tone::Bad, true), removed.toHtmlEscaped());
        if (!added.isEmpty())
            html += QStringLiteral("<span style=\"%1;text-decoration:underline\">{+%2+}</span>")
                        .arg(Theme::css(Theme::Tone::Good, true), added.toHtmlEscaped());
        html += trailing.toHtmlEscaped();
        removed.clear();
        added.clear();
        gapRemoved.clear();
        gapAdded.clear();
        trailing.clear();
        dropped = false;
    };
    for (const auto &[word, info] : sequence) {
        const bool inRun = !removed.isEmpty() || !added.isEmpty();
        if (info.type == dtl::SES_COMMON) {
            if (inRun && word.trimmed().isEmpty()) {
                gapRemoved += word;
                gapAdded += word;
                trailing += word;
                continue;
            }
            flush();
            html += word.toHtmlEscaped();
            continue;
        }
        QString &side = info.type == dtl::SES_DELETE ? removed : added;
        QString &gap = info.type == dtl::SES_DELETE ? gapRemoved : gapAdded;
        if (!side.isEmpty())
            side += gap;
        else if (!gap.isEmpty())
            dropped = true;
        side += word;
        gap.clear();
        trailing.clear();
    }
    flush();
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
    // Colour is not the only mark: the legend says what the brackets mean.
    return html + QStringLiteral("</table><p><small>%1</small></p>")
                      .arg(tr("[-removed-] struck through, {+added+} underlined").toHtmlEscaped());
}

} // namespace cw
