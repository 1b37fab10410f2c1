#include "CandidateTextView.h"

#include "ArticleRevisions.h"
#include "Database.h"
#include "Retrieval.h"
#include "Theme.h"

#include <QFontDatabase>

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace cw {

namespace {

// The body is not part of the engine's result (it returns an excerpt); read
// the revision the candidate names. A failure shows as text, not an error box.
QString revisionBody(const Database &db, const Candidate &candidate)
{
    auto revision = ArticleRevisions(db).revision(candidate.ref, candidate.revision);
    if (!revision || !*revision)
        return {};
    return (*revision)->body;
}

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
// Definitions are loaded once; the repository must outlive every highlighter.
KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository repo;
    return repo;
}
#endif

} // namespace

CandidateTextView::CandidateTextView(QWidget *parent)
    : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("candidateText"));
    setAccessibleName(tr("Candidate text"));
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setPlaceholderText(tr("Select a candidate to read its text."));
    setUpHighlighting();
}

void CandidateTextView::setUpHighlighting()
{
#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document());
    highlighter->setDefinition(repository().definitionForName(QStringLiteral("Markdown")));
    const bool dark = Theme::isDark(palette());
    highlighter->setTheme(
        repository().defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                       : KSyntaxHighlighting::Repository::LightTheme));
#endif
}

void CandidateTextView::showCandidate(const Database &db, const Candidate &candidate)
{
    setPlainText(markdown(candidate, revisionBody(db, candidate)));
}

void CandidateTextView::clearCandidate()
{
    clear();
}

QString CandidateTextView::markdown(const Candidate &c, const QString &body)
{
    const QString proof = c.proofLevel.isEmpty() ? QStringLiteral("none") : c.proofLevel;
    QString text =
        QStringLiteral("# %1\n\n%2@%3 · %4 · %5 · %6 · proof %7\n")
            .arg(c.title, c.ref, QString::number(c.revision), c.kind, c.domain, c.status, proof);
    const auto section = [&text](const QString &heading, const QString &content) {
        if (!content.trimmed().isEmpty())
            text += QStringLiteral("\n## %1\n\n%2\n").arg(heading, content.trimmed());
    };
    section(QStringLiteral("Outcome"), c.outcome);
    section(QStringLiteral("Limits"), c.limits);
    section(QStringLiteral("Excerpt"), c.excerpt);
    section(QStringLiteral("Body"), body);
    return text;
}

} // namespace cw
