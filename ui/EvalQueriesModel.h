#pragma once

#include "EvalRun.h"

#include <QAbstractTableModel>

namespace cw {

// One run's queries for the drill-down: who each ran as, its nDCG@k and
// evidence recall, what the seed's measures found, and the ranked list the
// run got (as stored: today's answer may differ when the run has drifted).
class EvalQueriesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Query,
        As,
        Ndcg,
        EvidenceRecall,
        Findings,
        Candidates,
        ColumnCount
    };

    explicit EvalQueriesModel(QObject *parent = nullptr);

    void setRun(const EvalRun &run);
    const EvalRun &run() const { return m_run; }
    const QueryOutcome *outcomeAt(int row) const;
    int rowOf(const QString &queryId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    EvalRun m_run;
};

} // namespace cw
