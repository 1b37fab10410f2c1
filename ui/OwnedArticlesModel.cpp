#include "OwnedArticlesModel.h"

#include "Theme.h"

#include <QBrush>
#include <QColor>

namespace cw {

OwnedArticlesModel::OwnedArticlesModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void OwnedArticlesModel::setArticles(QList<OwnedArticle> articles)
{
    beginResetModel();
    m_articles = std::move(articles);
    endResetModel();
}

const OwnedArticle *OwnedArticlesModel::articleAt(int row) const
{
    return row >= 0 && row < m_articles.size() ? &m_articles[row] : nullptr;
}

int OwnedArticlesModel::rowOf(const QString &ref) const
{
    for (int row = 0; row < m_articles.size(); ++row) {
        if (m_articles[row].ref == ref)
            return row;
    }
    return -1;
}

int OwnedArticlesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_articles.size());
}

int OwnedArticlesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OwnedArticlesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const OwnedArticle &a = m_articles[index.row()];
    if (role == Qt::DisplayRole) {
        switch (Column(index.column())) {
        case Ref:
            return a.ref;
        case Title:
            return a.title;
        case Revision:
            return tr("r%1").arg(a.revision);
        case Scope:
            return QString(a.product + u' ' + a.productVersions).trimmed();
        case LatestVersion:
            return a.latestProductVersion;
        case LastVerified:
            return a.lastVerified.left(10);
        case TimesReturned:
            return a.timesReturned;
        case Due:
            return a.due ? a.dueReason : tr("no");
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::ToolTipRole)
        return a.due ? tr("Due for re-verification: %1").arg(a.dueReason)
                     : tr("Verified recently and in scope");
    if (role == Qt::ForegroundRole && a.due && index.column() == Due)
        return QBrush(Theme::text(Theme::Tone::Bad));
    if (role == Qt::UserRole)
        return a.ref;
    return {};
}

QVariant OwnedArticlesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Ref:
        return tr("Article");
    case Title:
        return tr("Title");
    case Revision:
        return tr("Active");
    case Scope:
        return tr("Scope");
    case LatestVersion:
        return tr("Latest version seen");
    case LastVerified:
        return tr("Last verified");
    case TimesReturned:
        return tr("Returned");
    case Due:
        return tr("Due for re-verification");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace cw
