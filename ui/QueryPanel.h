#pragma once

#include "Identity.h"
#include "QueryRunner.h"

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

namespace cw::inline retrieval {
struct Candidate;
}

namespace cw {

class QueryForm;
class QueryResultView;
class Session;

// The analysts' query panel: the engine's inputs on the left, everything it
// returned on the right, and a verdict on the selected candidate. Queries run
// as the session's acting principal (View As moves it) at the session's
// clock, on a runner thread with its own connection; a newer query
// supersedes an older one (only the latest is ever shown). Dock it as it is.
// The session must have an actor.
class QueryPanel : public QWidget
{
    Q_OBJECT

public:
    explicit QueryPanel(Session &session, QWidget *parent = nullptr);
    ~QueryPanel() override;

    QueryForm *form() const { return m_form; }
    QueryResultView *resultView() const { return m_results; }
    QueryRunner *runner() const { return m_runner; }
    bool isQueryRunning() const;
    // Who the next query runs as (the form's View As picker aside).
    const Actor &actor() const;

public Q_SLOTS:
    // Runs what the form says; supersedes a query still running.
    void runQuery();
    // Fills the form with a request and runs it, as `asPrincipal` when the
    // form offers that choice (admins), otherwise as the session's actor:
    // the evaluation dock's drill-down.
    void loadRequest(const cw::RetrievalRequest &request, const QString &asPrincipal = {});
    void cancelQuery();
    // Records the verdict chosen below the results on the selected candidate.
    void recordVerdict();

Q_SIGNALS:
    void resultShown(quint64 generation, qint64 memoryUseId);
    void verdictRecorded(qint64 memoryUseId, const QString &ref, int revision,
                         const QString &verdict);

private:
    QWidget *buildVerdictBar();
    void showOutcome(const QueryRunOutcome &outcome);
    void updateVerdictControls();
    void showActor();

    Session &m_session;
    QueryRunner *m_runner = nullptr;
    QLabel *m_actorLabel = nullptr;
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
