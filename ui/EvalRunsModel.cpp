#include "EvalRunsModel.h"

#include <QApplication>
#include <QFont>
#include <QIcon>
#include <QStyle>

namespace cw {

EvalRunsModel::EvalRunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EvalRunsModel::setRuns(const QList<RunStatus> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

const RunStatus *EvalRunsModel::statusAt(int row) const
{
    return row >= 0 && row < m_runs.size() ? &m_runs[row] : nullptr;
}

int EvalRunsModel::rowOf(std::int64_t runId) const
{
    for (int row = 0; row < m_runs.size(); ++row)
        if (m_runs[row].run.id == runId)
            return row;
    return -1;
}

int EvalRunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_runs.size());
}

int EvalRunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString EvalRunsModel::driftText(const RunStatus &status)
{
    return status.drifted() ? tr("drifted: %1").arg(status.drift.join(QStringLiteral("; ")))
                            : tr("current");
}

QVariant EvalRunsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunStatus &s = m_runs[index.row()];
    const EvalRun &run = s.run;
    if (index.column() == Drift && s.drifted()) {
        if (role == Qt::DecorationRole)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
    }
    if (role == Qt::ToolTipRole)
        return s.drifted()
                   ? tr("Run %1 has drifted since it ran: %2. Its figures no longer "
                        "describe today's set, strategy or projection.")
                         .arg(run.id)
                         .arg(s.drift.join(QStringLiteral("; ")))
                   : tr("Run %1: its set, strategy and projection are as they were.").arg(run.id);
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Run || index.column() == K || index.column() == Ndcg))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Run:
        return qint64(run.id);
    case Strategy:
        return run.strategy;
    case K:
        return run.k;
    case At:
        return run.at;
    case Ndcg:
        return QString::number(run.means.value(QStringLiteral("ndcg@%1").arg(run.k)).toDouble(),
                               'f', 3);
    case Pairs:
        return run.pairs.isEmpty() ? QStringLiteral("—")
                                   : tr("%1 of %2").arg(run.pairsHeld()).arg(run.pairs.size());
    case Drift:
        return driftText(s);
    default:
        return {};
    }
}

QVariant EvalRunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Run:
        return tr("Run");
    case Strategy:
        return tr("Strategy");
    case K:
        return tr("k");
    case At:
        return tr("At");
    case Ndcg:
        return tr("nDCG@k");
    case Pairs:
        return tr("Pairs held");
    case Drift:
        return tr("Signature");
    default:
        return {};
    }
}

} // namespace cw
