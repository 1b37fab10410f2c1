#pragma once

#include "RunHistory.h"

#include <QAbstractTableModel>

namespace cw {

// The stored runs of a query set, oldest first, as RunHistory lists them. A
// run whose set, strategy or projection changed since it ran is marked in
// words ("drifted: …"), with a warning icon and in bold, never by colour
// alone; its tooltip says what changed.
class EvalRunsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Run,
        Strategy,
        Drift, // early: what a reader must see before the figures
        Ndcg,
        Pairs,
        K,
        At,
        ColumnCount
    };

    explicit EvalRunsModel(QObject *parent = nullptr);

    void setRuns(const QList<RunStatus> &runs);
    const QList<RunStatus> &runs() const { return m_runs; }
    // nullptr outside the rows.
    const RunStatus *statusAt(int row) const;
    int rowOf(std::int64_t runId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString driftText(const RunStatus &status);

private:
    QList<RunStatus> m_runs;
};

} // namespace cw
