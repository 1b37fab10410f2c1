#pragma once

#include "EvalRun.h"

#include <QAbstractTableModel>

namespace cw {

// The measures of one or more runs side by side, one column per run (its
// strategy and number): the IR metrics (p@k, r@k, mrr, ndcg@k, judged@k)
// and beside them the seed's measures (evidence recall, unauthorised,
// stale, unsupported, packing loss, pairs held, tokens, latency p50/p95),
// as the run stored them. Its second column says which kind a row is.
class EvalMetricsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Measure,
        Kind,
        FirstRun
    };
    // Rows, in the order shown.
    enum Row
    {
        Precision,
        Recall,
        Mrr,
        Ndcg,
        Judged,
        EvidenceRecall,
        Unauthorised,
        Stale,
        Unsupported,
        PackingLoss,
        PairsHeld,
        Tokens,
        LatencyP50,
        LatencyP95,
        RowCount
    };

    explicit EvalMetricsModel(QObject *parent = nullptr);

    void setRuns(const QList<EvalRun> &runs);
    const QList<EvalRun> &runs() const { return m_runs; }

    // What a cell shows for a run ("—" when the run has no figure).
    static QString value(const EvalRun &run, Row row);
    static QString measureName(Row row, int k);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int commonK() const;

    QList<EvalRun> m_runs;
};

} // namespace cw
