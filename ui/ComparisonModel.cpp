#include "ComparisonModel.h"

#include <QFont>

namespace cw {

ComparisonModel::ComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ComparisonModel::setComparison(const StrategyComparison &comparison)
{
    beginResetModel();
    m_comparison = comparison;
    endResetModel();
}

int ComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.rows.size());
}

int ComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ComparisonModel::changeText(const ComparisonRow &row)
{
    if (row.presence != ComparisonRow::Presence::Both)
        return QStringLiteral("—");
    const int change = row.rankChange();
    if (change > 0)
        return QStringLiteral("↑ %1").arg(change);
    if (change < 0)
        return QStringLiteral("↓ %1").arg(-change);
    return QStringLiteral("=");
}

QString ComparisonModel::differenceText(const ComparisonRow &row)
{
    QString text;
    switch (row.presence) {
    case ComparisonRow::Presence::Both:
        text = tr("in both");
        break;
    case ComparisonRow::Presence::OnlyA:
        text = tr("only in A");
        break;
    case ComparisonRow::Presence::OnlyB:
        text = tr("only in B");
        break;
    }
    if (row.isLagDifference())
        text += tr(" — lag: %1").arg(row.lagReason);
    return text;
}

QVariant ComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ComparisonRow &row = m_comparison.rows[index.row()];
    if (role == Qt::FontRole && index.column() == Difference && row.isLagDifference()) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role == Qt::TextAlignmentRole && (index.column() == RankA || index.column() == RankB))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Ref:
        return row.key();
    case RankA:
        return row.rankA > 0 ? QVariant(row.rankA) : QVariant(QStringLiteral("—"));
    case RankB:
        return row.rankB > 0 ? QVariant(row.rankB) : QVariant(QStringLiteral("—"));
    case Change:
        return changeText(row);
    case Difference:
        return differenceText(row);
    case Title:
        return row.title;
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case Ref:
        return tr("Ref@rev");
    case RankA:
        return tr("Rank A");
    case RankB:
        return tr("Rank B");
    case Change:
        return tr("B vs A");
    case Difference:
        return tr("Difference");
    case Title:
        return tr("Title");
    default:
        return {};
    }
}

} // namespace cw
