#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QTableView;

namespace cw {

class OwnedArticlesModel;
class Session;

// The domain owners' view: active articles in the domains the effective
// principal owns, what is due for re-verification, and retire with a reason.
class OwnerPanel : public QWidget
{
    Q_OBJECT

public:
    explicit OwnerPanel(Session &session, QWidget *parent = nullptr);

    OwnedArticlesModel *model() const { return m_model; }
    void reload();
    void selectArticle(const QString &ref);
    void retireSelected();

private:
    Session &m_session;
    OwnedArticlesModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QCheckBox *m_dueOnly = nullptr;
    QPushButton *m_retire = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace cw
