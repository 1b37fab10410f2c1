#include "HistoryModel.h"

namespace cw {

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HistoryModel::setEntries(const QList<AuditRecord> &entries)
{
    beginResetModel();
    m_entries = entries;
    endResetModel();
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString HistoryModel::versionText(const AuditRecord &a)
{
    if (!a.revision)
        return {};
    QString text = tr("r%1").arg(*a.revision);
    if (a.fromVersion && a.toVersion && *a.fromVersion != *a.toVersion)
        text += tr(" v%1→v%2").arg(*a.fromVersion).arg(*a.toVersion);
    else if (a.fromVersion || a.toVersion)
        text += tr(" v%1").arg(a.toVersion ? *a.toVersion : *a.fromVersion);
    return text;
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditRecord &a = m_entries[index.row()];
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (Column(index.column())) {
    case When:
        return role == Qt::ToolTipRole ? a.at : QString(a.at.left(16)).replace(u'T', u' ');
    case Action:
        return a.action;
    case Subject:
        return a.subject;
    case Who:
        return a.principal;
    case ActingAs:
        // Empty when the principal acted as itself: the column shows impersonation.
        return a.effectivePrincipal == a.principal && role == Qt::DisplayRole
                   ? QString()
                   : a.effectivePrincipal;
    case Version:
        return versionText(a);
    case Reason:
        return a.reason;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case When:
        return tr("When");
    case Action:
        return tr("Action");
    case Subject:
        return tr("Subject");
    case Who:
        return tr("Who");
    case ActingAs:
        return tr("Acting as");
    case Version:
        return tr("Version");
    case Reason:
        return tr("Reason");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace cw
