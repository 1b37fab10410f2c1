#include "EvalQueriesModel.h"

namespace cw {

namespace {

QString figure(const QJsonValue &v)
{
    return v.isNull() || v.isUndefined() ? QStringLiteral("—")
                                         : QString::number(v.toDouble(), 'f', 3);
}

} // namespace

EvalQueriesModel::EvalQueriesModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EvalQueriesModel::setRun(const EvalRun &run)
{
    beginResetModel();
    m_run = run;
    endResetModel();
}

void EvalQueriesModel::setMayShow(std::function<bool(const QString &principal)> mayShow)
{
    beginResetModel();
    m_mayShow = std::move(mayShow);
    endResetModel();
}

const QueryOutcome *EvalQueriesModel::outcomeAt(int row) const
{
    return row >= 0 && row < m_run.queries.size() ? &m_run.queries[row] : nullptr;
}

int EvalQueriesModel::rowOf(const QString &queryId) const
{
    for (int row = 0; row < m_run.queries.size(); ++row)
        if (m_run.queries[row].id == queryId)
            return row;
    return -1;
}

int EvalQueriesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_run.queries.size());
}

int EvalQueriesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EvalQueriesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QueryOutcome &q = m_run.queries[index.row()];
    const bool withheld = !shows(q) && (index.column() == Findings || index.column() == Candidates);
    if (withheld && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
        return tr("not shown: it ran as %1").arg(q.principal);
    if (role == Qt::ToolTipRole) {
        if (index.column() == Findings && !q.findings.isEmpty())
            return q.findings.join(u'\n');
        if (index.column() == Candidates)
            return q.candidates.join(u'\n');
        return tr("Double-click to open %1 in the query panel with its trace").arg(q.id);
    }
    if (role == Qt::TextAlignmentRole &&
        (index.column() == Ndcg || index.column() == EvidenceRecall))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Query:
        return q.id;
    case As:
        return q.principal;
    case Ndcg:
        return figure(q.metrics.value(QStringLiteral("ndcg@%1").arg(m_run.k)));
    case EvidenceRecall:
        return figure(q.metrics.value(QStringLiteral("evidence_recall")));
    case Findings:
        return q.findings.isEmpty() ? tr("none") : q.findings.join(QStringLiteral("; "));
    case Candidates:
        return QString(q.candidates.mid(0, 5).join(u' ') +
                       (q.candidates.size() > 5 ? QStringLiteral(" …") : QString()));
    default:
        return {};
    }
}

QVariant EvalQueriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Query:
        return tr("Query");
    case As:
        return tr("As");
    case Ndcg:
        return tr("nDCG@%1").arg(m_run.k);
    case EvidenceRecall:
        return tr("Evidence recall");
    case Findings:
        return tr("Findings");
    case Candidates:
        return tr("Ranked list (stored)");
    default:
        return {};
    }
}

} // namespace cw
