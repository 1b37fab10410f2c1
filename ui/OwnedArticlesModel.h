#pragma once

#include "OwnedArticles.h"

#include <QAbstractTableModel>

namespace cw {

// The domain owners' articles as a table (small: one domain's active
// articles, so loaded whole).
class OwnedArticlesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Ref,
        Title,
        Revision,
        Scope,
        LatestVersion,
        LastVerified,
        TimesReturned,
        Due,
        ColumnCount
    };

    explicit OwnedArticlesModel(QObject *parent = nullptr);

    void setArticles(QList<OwnedArticle> articles);
    const OwnedArticle *articleAt(int row) const;
    int rowOf(const QString &ref) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<OwnedArticle> m_articles;
};

} // namespace cw
