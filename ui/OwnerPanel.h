#pragma once

#include "OwnedArticles.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace cw {

class BackgroundRunner;
class OwnedArticlesModel;
class Session;

// The domain owners' view: active articles in the domains the effective
// principal owns, what is due for re-verification, and retire with a reason.
// The articles are read off the GUI thread (their due dates look at every
// case of the product); a newer load supersedes an older one.
class OwnerPanel : public QWidget
{
    Q_OBJECT

public:
    explicit OwnerPanel(Session &session, QWidget *parent = nullptr);

    OwnedArticlesModel *model() const { return m_model; }
    bool isLoading() const;
    // Reads the articles again; what is shown stays until they arrive.
    void reload();
    void selectArticle(const QString &ref);
    void retireSelected();

Q_SIGNALS:
    // The articles arrived and are shown (also after a failed load).
    void loaded();

private:
    void startOver();
    void showArticles(const QStringList &domains, const Result<QList<OwnedArticle>> &articles);
    void showLoaded();

    Session &m_session;
    OwnedArticlesModel *m_model = nullptr;
    BackgroundRunner *m_reader = nullptr;
    QList<OwnedArticle> m_loaded;
    QTableView *m_table = nullptr;
    QCheckBox *m_dueOnly = nullptr;
    QPushButton *m_retire = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace cw
