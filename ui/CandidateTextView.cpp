#include "CandidateTextView.h"

#include "ArticleRevisions.h"
#include "Database.h"
#include "Retrieval.h"

#include <QPlainTextEdit>

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

} // namespace

CandidateTextView::CandidateTextView(QWidget *parent)
    : MarkdownView(parent)
{
    setObjectName(QStringLiteral("candidateText"));
    setAccessibleName(tr("Candidate text"));
    rendered()->setAccessibleName(tr("Candidate text"));
    source()->setAccessibleName(tr("Candidate text, Markdown source"));
    setPlaceholderText(tr("Select a candidate to read its text."));
}

void CandidateTextView::showCandidate(const Database &db, const Candidate &candidate)
{
    setMarkdown(markdown(candidate, revisionBody(db, candidate)));
}

void CandidateTextView::clearCandidate()
{
    clear();
}

QString CandidateTextView::markdown(const Candidate &c, const QString &body)
{
    const QString proof = c.proofLevel.isEmpty() ? tr("none") : c.proofLevel;
    QString text = QStringLiteral("# %1\n\n%2@%3 · %4 · %5 · %6 · %7\n")
                       .arg(c.title, c.ref, QString::number(c.revision), c.kind, c.domain, c.status,
                            tr("proof %1").arg(proof));
    const auto section = [&text](const QString &heading, const QString &content) {
        if (!content.trimmed().isEmpty())
            text += QStringLiteral("\n## %1\n\n%2\n").arg(heading, content.trimmed());
    };
    section(tr("Outcome"), c.outcome);
    section(tr("Limits"), c.limits);
    section(tr("Excerpt"), c.excerpt);
    section(tr("Body"), body);
    return text;
}

} // namespace cw
