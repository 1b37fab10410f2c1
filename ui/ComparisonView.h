#pragma once

#include "RecordViews.h"

#include <QWidget>

#include <optional>

class QLabel;
class QScrollArea;
class QSplitter;
class QTextBrowser;
class QVBoxLayout;

namespace cw {

class MarkdownView;
class ProofRecordView;

// The claim beside the evidence: on the left what the proposal says (and,
// when it would supersede an active revision, what changes field by field);
// below it the body, Markdown rendered;
// on the right the source case and each proof record, marked by whether it
// supports the claimed proof level.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget *parent = nullptr);

    // active: the article's active revision when it is not the proposal's own.
    void showProposal(const ProposalView &view, const std::optional<RevisionRecord> &active);
    void showMessage(const QString &message);

    QList<ProofRecordView *> proofViews() const;
    // Scrolls to the first proof record and puts the cursor in it; false
    // when the proposal shows none.
    bool openFirstProof();
    QSplitter *splitter() const { return m_splitter; }
    // The proposed revision's body, Markdown rendered (or raw).
    MarkdownView *body() const { return m_body; }
    // Where the claim/evidence divider is, for the window to keep between runs.
    QByteArray saveLayout() const;
    void restoreLayout(const QByteArray &state);

private:
    void clearProofs();

    QLabel *m_header = nullptr;
    QSplitter *m_splitter = nullptr;
    QTextBrowser *m_claim = nullptr;
    MarkdownView *m_body = nullptr;
    QTextBrowser *m_case = nullptr;
    QScrollArea *m_proofArea = nullptr;
    QWidget *m_proofs = nullptr;
    QVBoxLayout *m_proofLayout = nullptr;
};

} // namespace cw
