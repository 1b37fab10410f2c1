#include "ProofRecordView.h"

#include "ProofHighlighting.h"
#include "Theme.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace cw {

ProofRecordView::ProofRecordView(const ProofRecord &proof, Support support,
                                 const QString &claimedLevel, QWidget *parent)
    : QFrame(parent)
    , m_support(support)
    , m_header(new QLabel(this))
    , m_content(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("proofView_") + proof.proofId);
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    QString mark;
    switch (support) {
    case Support::Supports:
        mark = QStringLiteral("<span style=\"%1\">✔ %2</span>")
                   .arg(Theme::css(Theme::Tone::Good, false, palette()),
                        tr("claimed · supports “%1”").arg(claimedLevel).toHtmlEscaped());
        break;
    case Support::DoesNotSupport:
        mark = QStringLiteral("<span style=\"%1\">✘ %2</span>")
                   .arg(Theme::css(Theme::Tone::Bad, false, palette()),
                        tr("claimed · does not support “%1” (result: %2)")
                            .arg(claimedLevel, proof.result)
                            .toHtmlEscaped());
        break;
    case Support::NotClaimed:
        mark = QStringLiteral("<span style=\"%1\">%2</span>")
                   .arg(Theme::css(Theme::Tone::Muted, false, palette()),
                        tr("not claimed by the proposal").toHtmlEscaped());
        break;
    }
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setText(QStringLiteral("<b>%1</b> %2 <small>[%3 · %4 · %5 · %6]</small><br>%7")
                          .arg(proof.proofId.toHtmlEscaped(), proof.title.toHtmlEscaped(),
                               proof.kind.toHtmlEscaped(), proof.contentType.toHtmlEscaped(),
                               proof.result.toHtmlEscaped(), proof.capturedAt.toHtmlEscaped(),
                               mark));
    m_header->setObjectName(QStringLiteral("proofHeader"));

    m_content->setObjectName(QStringLiteral("proofContent"));
    m_content->setAccessibleName(tr("Proof record %1").arg(proof.proofId));
    m_content->setReadOnly(true);
    m_content->setLineWrapMode(QPlainTextEdit::NoWrap);
    // Plain text: record content is data, never markup.
    m_content->setPlainText(proof.content);
    ProofHighlighting::apply(m_content, proof.contentType);
    const int lines = qBound(3, int(proof.content.count(u'\n')) + 2, 14);
    m_content->setFixedHeight(m_content->fontMetrics().lineSpacing() * lines + 12);

    layout->addWidget(m_header);
    layout->addWidget(m_content);
}

QString ProofRecordView::headerText() const
{
    return m_header->text();
}

} // namespace cw
