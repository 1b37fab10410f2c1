#pragma once

#include "Identity.h"
#include "QueryWorker.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace cw::inline common {
class Clock;
}
namespace cw::inline retrieval {
struct Candidate;
}

namespace cw {

class Database;
class QueryForm;
class QueryResultView;
class QueryRunner;

// The analysts' query panel: the engine's inputs on the left, everything it
// returned on the right, and a verdict on the selected candidate. Queries run
// on a worker thread with its own connection; a newer query supersedes an
// older one (only the latest is ever shown). Dock it as it is.
class QueryPanel : public QWidget
{
    Q_OBJECT

public:
    QueryPanel(const Database &db, const Actor &actor, const Clock &clock,
               QWidget *parent = nullptr);
    ~QueryPanel() override;

    QueryForm *form() const { return m_form; }
    QueryResultView *resultView() const { return m_results; }
    bool isQueryRunning() const;

public Q_SLOTS:
    // Runs what the form says; supersedes a query still running.
    void runQuery();
    void cancelQuery();
    // Records the verdict chosen below the results on the selected candidate.
    void recordVerdict();

Q_SIGNALS:
    void resultShown(quint64 generation, qint64 memoryUseId);
    void verdictRecorded(qint64 memoryUseId, const QString &ref, int revision,
                         const QString &verdict);

private:
    QWidget *buildVerdictBar();
    void showOutcome(const QueryOutcome &outcome);
    void updateVerdictControls();

    const Database &m_db;
    const Actor m_actor;
    const Clock &m_clock;
    QueryRunner *m_runner = nullptr;
    Actor m_pendingActor; // who the latest submitted query runs as
    Actor m_resultActor;  // who the shown result ran as (verdicts are theirs)
    QueryForm *m_form = nullptr;
    QueryResultView *m_results = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    QComboBox *m_verdict = nullptr;
    QLineEdit *m_reason = nullptr;
    QPushButton *m_record = nullptr;
    QLabel *m_verdictStatus = nullptr;
};

} // namespace cw
