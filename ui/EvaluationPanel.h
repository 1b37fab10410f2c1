#pragma once

#include "Retrieval.h"
#include "ReviewTypes.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;

// Declared only: the window's files need not see the evaluation model.
namespace cw::inline evaluation {
struct Comparison;
struct EvalRun;
struct QuerySet;
struct RunStatus;
} // namespace cw::inline evaluation
namespace cw {
struct EvalSetRecord;
}

namespace cw {

class BackgroundRunner;
class EvalChartView;
class EvalComparisonModel;
class EvalMetricsModel;
class EvalQueriesModel;
class EvalQueryComparisonModel;
class EvalRunsModel;
class Session;

// The Evaluation dock (INTERFACES.md §8 in the workbench): the stored query
// sets and their runs, drifted ones marked; a set run with the strategies
// checked, as the session's acting principal, on a runner thread with
// progress and Cancel (a cancelled run stores nothing); the selected runs'
// measures side by side; one run's queries, each opened in the query panel
// with its trace (queryOpened); two runs compared (differences, p-values,
// wins, rank-biased overlap) and exported as CSV; a chart of a metric
// across the set's runs. Everything it computes is the model's
// (EvaluationRunner, RunHistory, RunComparison), as `curation-cli eval`.
// The session must have an actor.
class EvaluationPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int Permutations = 10000;
    static constexpr std::uint64_t Seed = 1; // the CLI's default: the same p-values

    explicit EvaluationPanel(Session &session, QWidget *parent = nullptr);
    ~EvaluationPanel() override;

    QComboBox *setChooser() const { return m_sets; }
    QListWidget *strategyList() const { return m_strategies; }
    QTableView *runsTable() const { return m_runsTable; }
    QTableView *queriesTable() const { return m_queriesTable; }
    QTabWidget *tabs() const { return m_tabs; }
    EvalRunsModel *runsModel() const { return m_runs; }
    EvalMetricsModel *metricsModel() const { return m_metrics; }
    EvalQueriesModel *queriesModel() const { return m_queries; }
    EvalComparisonModel *comparisonModel() const { return m_comparison; }
    EvalQueryComparisonModel *queryComparisonModel() const { return m_queryComparison; }
    EvalChartView *chart() const { return m_chart; }
    QComboBox *chartMetric() const { return m_chartMetric; }
    QLabel *status() const { return m_status; }
    bool isRunning() const { return m_activeRun != 0; }
    // nullptr until a comparison is shown.
    const Comparison *shownComparison() const { return m_shown.get(); }

    void setCheckedStrategies(const QStringList &keys);
    QStringList checkedStrategies() const;
    // Selects the runs with these ids in the runs table (the metrics show them).
    void selectRuns(const QList<std::int64_t> &ids);

public Q_SLOTS:
    // Re-reads the sets and the chosen set's runs (off the GUI thread).
    void refresh();
    void runSet();
    void cancelRun();
    // The two runs selected, the older as A.
    void compareSelected();
    void compareRuns(std::int64_t a, std::int64_t b);
    // The query selected in the drill-down.
    void openSelectedQuery();
    void exportComparison();

Q_SIGNALS:
    void runsLoaded();
    // ok: the runs were stored (selected now); otherwise why not.
    void runFinished(bool ok, const QString &message);
    void comparisonShown();
    // A query of the set as the run sent it, and whom it ran as; the window
    // opens it in the query panel.
    void queryOpened(const cw::RetrievalRequest &request, const QString &asPrincipal);

private:
    QWidget *buildRunControls();
    QWidget *buildRuns();
    QWidget *buildComparison();
    QWidget *buildChart();
    QTableView *makeTable(const QString &name, const QString &accessible);
    void loaded(const QList<EvalSetRecord> &sets, const QString &setId,
                const std::shared_ptr<const QuerySet> &set, const QList<RunStatus> &runs);
    void showSelection();
    void showChart();
    void runDone(quint64 run, const Refusable<QList<EvalRun>> &result);
    void showProgress(quint64 run, int done, int total);
    void updateControls();
    QList<std::int64_t> selectedRunIds() const;
    const EvalRun *storedRun(std::int64_t id) const;

    Session &m_session;
    BackgroundRunner *m_reader = nullptr;
    BackgroundRunner *m_runner = nullptr;
    BackgroundRunner *m_comparer = nullptr; // its own: the latest request wins per runner
    quint64 m_activeRun = 0;
    quint64 m_runCount = 0;
    QList<std::int64_t> m_selectAfterLoad;
    QString m_setId;
    QStringList m_loadedKey; // what loaded() last showed

    std::shared_ptr<const QuerySet> m_set; // the chosen set, as stored
    std::shared_ptr<const Comparison> m_shown;

    QComboBox *m_sets = nullptr;
    QSpinBox *m_k = nullptr;
    QListWidget *m_strategies = nullptr;
    QPushButton *m_run = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTableView *m_runsTable = nullptr;
    QPushButton *m_compare = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_queriesTable = nullptr;
    QPushButton *m_open = nullptr;
    QLabel *m_comparisonSummary = nullptr;
    QPushButton *m_export = nullptr;
    QComboBox *m_chartMetric = nullptr;
    EvalRunsModel *m_runs = nullptr;
    EvalMetricsModel *m_metrics = nullptr;
    EvalQueriesModel *m_queries = nullptr;
    EvalComparisonModel *m_comparison = nullptr;
    EvalQueryComparisonModel *m_queryComparison = nullptr;
    EvalChartView *m_chart = nullptr;
};

} // namespace cw
