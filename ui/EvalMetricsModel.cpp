#include "EvalMetricsModel.h"

namespace cw {

namespace {

// The stored mean's key for a row (k from the run).
QString keyOf(EvalMetricsModel::Row row, int k)
{
    const QString at = QStringLiteral("@%1").arg(k);
    switch (row) {
    case EvalMetricsModel::Precision:
        return QStringLiteral("p") + at;
    case EvalMetricsModel::Recall:
        return QStringLiteral("r") + at;
    case EvalMetricsModel::Mrr:
        return QStringLiteral("mrr");
    case EvalMetricsModel::Ndcg:
        return QStringLiteral("ndcg") + at;
    case EvalMetricsModel::Judged:
        return QStringLiteral("judged") + at;
    case EvalMetricsModel::EvidenceRecall:
        return QStringLiteral("evidence_recall");
    case EvalMetricsModel::Unauthorised:
        return QStringLiteral("unauthorised");
    case EvalMetricsModel::Stale:
        return QStringLiteral("stale");
    case EvalMetricsModel::Unsupported:
        return QStringLiteral("unsupported");
    case EvalMetricsModel::PackingLoss:
        return QStringLiteral("packing_loss");
    case EvalMetricsModel::Tokens:
        return QStringLiteral("tokens");
    case EvalMetricsModel::LatencyP50:
        return QStringLiteral("latency_ms_p50");
    case EvalMetricsModel::LatencyP95:
        return QStringLiteral("latency_ms_p95");
    default:
        return {};
    }
}

bool isIr(EvalMetricsModel::Row row)
{
    return row <= EvalMetricsModel::Judged;
}

} // namespace

EvalMetricsModel::EvalMetricsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EvalMetricsModel::setRuns(const QList<EvalRun> &runs)
{
    beginResetModel();
    m_runs = runs;
    endResetModel();
}

QString EvalMetricsModel::measureName(Row row, int k)
{
    if (row == PairsHeld)
        return tr("pairs held");
    if (row == LatencyP50)
        return tr("latency p50 (ms)");
    if (row == LatencyP95)
        return tr("latency p95 (ms)");
    return keyOf(row, k);
}

QString EvalMetricsModel::value(const EvalRun &run, Row row)
{
    if (row == PairsHeld)
        return run.pairs.isEmpty() ? QStringLiteral("—")
                                   : tr("%1 of %2").arg(run.pairsHeld()).arg(run.pairs.size());
    const QJsonValue v = run.means.value(keyOf(row, run.k));
    if (v.isNull() || v.isUndefined())
        return QStringLiteral("—");
    if (row == Tokens)
        return QString::number(v.toDouble(), 'f', 1);
    if (row == LatencyP50 || row == LatencyP95)
        return QString::number(v.toDouble(), 'f', 2);
    return QString::number(v.toDouble(), 'f', 3);
}

int EvalMetricsModel::commonK() const
{
    int k = m_runs.isEmpty() ? 10 : m_runs.first().k;
    for (const EvalRun &run : m_runs)
        if (run.k != k)
            return 0;
    return k;
}

int EvalMetricsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : RowCount;
}

int EvalMetricsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstRun + int(m_runs.size());
}

QVariant EvalMetricsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = Row(index.row());
    if (role == Qt::TextAlignmentRole && index.column() >= FirstRun)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Kind)
        return isIr(row) ? tr("Information-retrieval metric over the graded judgments")
                         : tr("The seed's measure, checked against canonical state");
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Measure: {
        const int k = commonK();
        return k > 0 ? measureName(row, k)
                     : measureName(row, 0).replace(QStringLiteral("@0"), QStringLiteral("@k"));
    }
    case Kind:
        return isIr(row) ? tr("IR") : tr("seed");
    default:
        return value(m_runs[index.column() - FirstRun], row);
    }
}

QVariant EvalMetricsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section == Measure)
        return tr("Measure");
    if (section == Kind)
        return tr("Kind");
    if (section >= FirstRun && section < FirstRun + m_runs.size()) {
        const EvalRun &run = m_runs[section - FirstRun];
        // Two lines: several runs fit side by side in a dock.
        return tr("%1\nrun %2").arg(run.strategy).arg(run.id);
    }
    return {};
}

} // namespace cw
