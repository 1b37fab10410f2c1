#include "ComparisonView.h"

#include "MarkdownView.h"
#include "ProofRecordView.h"
#include "ProposalDetails.h"
#include "RevisionDiff.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cw {

namespace {

QTextBrowser *makeBrowser(const QString &name, const QString &accessible, QWidget *parent)
{
    // Record text is data: no resource is loaded, no link followed.
    auto *browser = new DataTextBrowser(parent);
    browser->setObjectName(name);
    browser->setAccessibleName(accessible);
    return browser;
}

QString section(const QString &title)
{
    return QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped());
}

} // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    setObjectName(QStringLiteral("comparisonView"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_header->setObjectName(QStringLiteral("proposalHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_header);

    m_splitter->setObjectName(QStringLiteral("comparisonSplitter"));
    auto *claimSide = new QSplitter(Qt::Vertical, m_splitter);
    claimSide->setObjectName(QStringLiteral("claimSplitter"));
    m_claim = makeBrowser(QStringLiteral("claimView"), tr("Claim"), claimSide);
    m_claim->setPlaceholderText(tr("Select a proposal to see its claim and evidence."));
    m_body = new MarkdownView(claimSide);
    m_body->setObjectName(QStringLiteral("bodyView"));
    m_body->setAccessibleName(tr("Body"));
    m_body->setPlaceholderText(tr("This revision has no body."));
    claimSide->setStretchFactor(0, 3);
    claimSide->setStretchFactor(1, 2);

    auto *evidence = new QSplitter(Qt::Vertical, m_splitter);
    evidence->setObjectName(QStringLiteral("evidenceSplitter"));
    m_case = makeBrowser(QStringLiteral("caseView"), tr("Source case"), evidence);
    m_proofArea = new QScrollArea(evidence);
    m_proofArea->setObjectName(QStringLiteral("proofArea"));
    m_proofArea->setWidgetResizable(true);
    m_proofs = new QWidget(m_proofArea);
    m_proofLayout = new QVBoxLayout(m_proofs);
    m_proofLayout->addStretch();
    m_proofArea->setWidget(m_proofs);
    // The proof records are what a reviewer reads longest: they get the room.
    evidence->setStretchFactor(0, 1);
    evidence->setStretchFactor(1, 3);
    evidence->setSizes({130, 390});

    m_splitter->addWidget(claimSide);
    m_splitter->addWidget(evidence);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);
}

void ComparisonView::showProposal(const ProposalView &view,
                                  const std::optional<RevisionRecord> &active)
{
    m_header->setText(ProposalDetails::headerHtml(view));
    QString claim = section(tr("Claim")) + ProposalDetails::claimHtml(view.revision);
    if (active)
        claim +=
            section(
                tr("What changes in %1 r%2 (active)").arg(view.article.ref).arg(active->revision)) +
            RevisionDiff::html(*active, view.revision);
    m_claim->setHtml(claim);
    m_body->setMarkdown(view.revision.body);
    // Without a body the claim keeps the room (no empty pane under it).
    m_body->setVisible(!view.revision.body.trimmed().isEmpty());
    m_case->setHtml(section(tr("Evidence")) + ProposalDetails::caseHtml(view));

    clearProofs();
    if (!view.sourceCase)
        return;
    const QString claimed = view.revision.proofLevel;
    int at = 0;
    for (const ProofRecord &proof : view.sourceCase->proofs) {
        auto support = ProofRecordView::Support::NotClaimed;
        if (view.proposal.proofIds.contains(proof.id))
            support = ProposalDetails::supportsClaim(proof, claimed)
                          ? ProofRecordView::Support::Supports
                          : ProofRecordView::Support::DoesNotSupport;
        m_proofLayout->insertWidget(at++, new ProofRecordView(proof, support, claimed, m_proofs));
    }
}

void ComparisonView::showMessage(const QString &message)
{
    m_header->setText(QStringLiteral("<p>%1</p>").arg(message.toHtmlEscaped()));
    m_claim->clear();
    m_body->clear();
    m_body->hide();
    m_case->clear();
    clearProofs();
}

QList<ProofRecordView *> ComparisonView::proofViews() const
{
    return m_proofs->findChildren<ProofRecordView *>();
}

bool ComparisonView::openFirstProof()
{
    ProofRecordView *first = nullptr;
    for (int i = 0; i < m_proofLayout->count() && !first; ++i)
        first = qobject_cast<ProofRecordView *>(m_proofLayout->itemAt(i)->widget());
    if (!first)
        return false;
    m_proofArea->ensureWidgetVisible(first, 0, 0);
    auto *content = first->findChild<QPlainTextEdit *>();
    (content ? static_cast<QWidget *>(content) : first)->setFocus(Qt::ShortcutFocusReason);
    return true;
}

void ComparisonView::clearProofs()
{
    for (ProofRecordView *view : proofViews())
        delete view;
}

QByteArray ComparisonView::saveLayout() const
{
    return m_splitter->saveState();
}

void ComparisonView::restoreLayout(const QByteArray &state)
{
    m_splitter->restoreState(state);
}

} // namespace cw
