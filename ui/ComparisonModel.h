#pragma once

#include "StrategyComparison.h"

#include <QAbstractTableModel>

namespace cw {

// The differences between two strategies' ranked lists, one row per
// ref@revision either returned.
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Ref,
        RankA,
        RankB,
        Change,
        Difference,
        Title,
        ColumnCount
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    void setComparison(const StrategyComparison &comparison);
    const StrategyComparison &comparison() const { return m_comparison; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    static QString changeText(const ComparisonRow &row);
    static QString differenceText(const ComparisonRow &row);

private:
    StrategyComparison m_comparison;
};

} // namespace cw
