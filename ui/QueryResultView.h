#pragma once

#include "Retrieval.h"

#include <QWidget>

class QLabel;
class QTableView;
class QTabWidget;
class QTreeWidget;

namespace cw {

class CandidateTableModel;
class CandidateTextView;
class Database;

// Everything one retrieval returned: the lag banner (watermark, head,
// lagging sources, notes), the ranked candidates, and for the selected one
// its stage trace and text; exact matches, what was dropped and why, and the
// budget used.
class QueryResultView : public QWidget
{
    Q_OBJECT

public:
    static constexpr int MaxColumnWidth = 150;
    // Flags are chips; two of them fit before the column stops growing.
    static constexpr int MaxFlagsWidth = 230;

    QueryResultView(const Database &db, QWidget *parent = nullptr);

    void setResult(const RetrievalResult &result);
    void showBusy(const QString &text);
    void showError(const QString &message);

    const RetrievalResult &result() const { return m_result; }
    const Candidate *selectedCandidate() const;
    CandidateTableModel *candidateModel() const { return m_model; }
    QTableView *candidateTable() const { return m_table; }

    // The banner's text for a result (INTERFACES.md §5; zero hits are never
    // reported as absence, DESIGN.md §3 invariant 8).
    static QString bannerText(const RetrievalResult &result);
    // The lines that need attention (lagging sources): drawn as a warning
    // row under the banner, not as one more line of it. Empty: no row.
    static QString lagWarningText(const RetrievalResult &result);
    QWidget *lagWarning() const { return m_lagWarning; }

Q_SIGNALS:
    void candidateSelected(const cw::Candidate *candidate);

private:
    QWidget *buildDetails();
    void showSelected();
    void fillLists();

    const Database &m_db;
    RetrievalResult m_result;
    static QStringList bannerLines(const RetrievalResult &result);

    QLabel *m_banner = nullptr;
    QWidget *m_lagWarning = nullptr;
    QLabel *m_lagWarningText = nullptr;
    QLabel *m_budget = nullptr;
    CandidateTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTreeWidget *m_trace = nullptr;
    CandidateTextView *m_text = nullptr;
    QTreeWidget *m_exact = nullptr;
    QTreeWidget *m_dropped = nullptr;
};

} // namespace cw
