#pragma once

#include "EvalRun.h"

#include <QAbstractTableModel>

#include <functional>

namespace cw {

// One run's queries for the drill-down: who each ran as, its nDCG@k and
// evidence recall, what the seed's measures found, and the ranked list the
// run got (as stored: today's answer may differ when the run has drifted).
// A query that ran as someone the viewer may not run queries as keeps its
// figures but not its ranked list or findings (they name what that
// principal may see): whether it may be shown is asked of the panel, which
// asks Access.
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
    // Whether a query that ran as `principal` may show its ranked list; unset:
    // every one may. Call again (or setRun) when the viewer changes.
    void setMayShow(std::function<bool(const QString &principal)> mayShow);
    const EvalRun &run() const { return m_run; }
    const QueryOutcome *outcomeAt(int row) const;
    int rowOf(const QString &queryId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    bool shows(const QueryOutcome &q) const { return !m_mayShow || m_mayShow(q.principal); }

    EvalRun m_run;
    std::function<bool(const QString &principal)> m_mayShow;
};

} // namespace cw
