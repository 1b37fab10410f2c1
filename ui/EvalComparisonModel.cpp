#include "EvalComparisonModel.h"

#include <QFont>

namespace cw {

namespace {

QVariant rightAligned()
{
    return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
}

QString signedFigure(double value)
{
    return (value > 0 ? QStringLiteral("+") : QString()) + QString::number(value, 'f', 4);
}

} // namespace

EvalComparisonModel::EvalComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EvalComparisonModel::setComparison(const Comparison &comparison)
{
    beginResetModel();
    m_comparison = comparison;
    endResetModel();
}

int EvalComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.metrics.size());
}

int EvalComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EvalComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MetricComparison &m = m_comparison.metrics[index.row()];
    const bool significant = m.pValue < Significance;
    if (role == Qt::TextAlignmentRole && index.column() != Metric)
        return rightAligned();
    // A significant difference is bold and says so in words, not by colour.
    if (role == Qt::FontRole && significant &&
        (index.column() == PValue || index.column() == Difference)) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole && index.column() == PValue)
        return significant ? tr("Below %1: unlikely to be chance").arg(Significance)
                           : tr("%1 or above: could be chance").arg(Significance);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Metric:
        return m.metric;
    case A:
        return QString::number(m.meanA, 'f', 4);
    case B:
        return QString::number(m.meanB, 'f', 4);
    case Difference:
        return signedFigure(m.difference);
    case PValue:
        return QString(QString::number(m.pValue, 'f', 4) +
                       (significant ? QStringLiteral(" *") : QString()));
    case Queries:
        return m.queries;
    default:
        return {};
    }
}

QVariant EvalComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Metric:
        return tr("Metric");
    case A:
        return tr("A (run %1)").arg(m_comparison.runA);
    case B:
        return tr("B (run %1)").arg(m_comparison.runB);
    case Difference:
        return tr("B − A");
    case PValue:
        return tr("p-value");
    case Queries:
        return tr("Queries");
    default:
        return {};
    }
}

EvalQueryComparisonModel::EvalQueryComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EvalQueryComparisonModel::setComparison(const Comparison &comparison)
{
    beginResetModel();
    m_comparison = comparison;
    endResetModel();
}

QString EvalQueryComparisonModel::winnerOf(const Comparison &comparison, const QString &queryId)
{
    if (comparison.aWins.contains(queryId))
        return QStringLiteral("A");
    if (comparison.bWins.contains(queryId))
        return QStringLiteral("B");
    return tr("tie");
}

int EvalQueryComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.queries.size());
}

int EvalQueryComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EvalQueryComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueryComparison &q = m_comparison.queries[index.row()];
    if (role == Qt::TextAlignmentRole && index.column() != Query && index.column() != Winner)
        return rightAligned();
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Query:
        return q.id;
    case A:
        return QString::number(q.a, 'f', 4);
    case B:
        return QString::number(q.b, 'f', 4);
    case Winner:
        return winnerOf(m_comparison, q.id);
    case Rbo:
        return QString::number(q.rbo, 'f', 3);
    default:
        return {};
    }
}

QVariant EvalQueryComparisonModel::headerData(int section, Qt::Orientation orientation,
                                              int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Query:
        return tr("Query");
    case A:
        return tr("A %1").arg(m_comparison.winMetric);
    case B:
        return tr("B %1").arg(m_comparison.winMetric);
    case Winner:
        return tr("Wins");
    case Rbo:
        return tr("RBO");
    default:
        return {};
    }
}

} // namespace cw
