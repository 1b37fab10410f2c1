#pragma once

#include "RunComparison.h"

#include <QAbstractTableModel>

namespace cw {

// A comparison of two runs per metric: both means, the difference B − A and
// the paired randomization test's p-value, as RunComparison computed them.
class EvalComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr double Significance = 0.05;

    enum Column
    {
        Metric,
        A,
        B,
        Difference,
        PValue,
        Queries,
        ColumnCount
    };

    explicit EvalComparisonModel(QObject *parent = nullptr);

    void setComparison(const Comparison &comparison);
    const Comparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    Comparison m_comparison;
};

// The same comparison query by query: each run's nDCG@k, who wins, and the
// rank-biased overlap of the two ranked lists.
class EvalQueryComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Query,
        A,
        B,
        Winner,
        Rbo,
        ColumnCount
    };

    explicit EvalQueryComparisonModel(QObject *parent = nullptr);

    void setComparison(const Comparison &comparison);
    static QString winnerOf(const Comparison &comparison, const QString &queryId);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    Comparison m_comparison;
};

} // namespace cw
