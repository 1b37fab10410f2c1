#pragma once

#include <QList>
#include <QObject>

class QMenu;
class QTableView;

namespace cw {

// Which columns of a table are shown, chosen from the header's context menu
// and kept in QSettings, as file managers and torrent clients do: a narrow
// pane shows what matters and scrolls less; the rest is one click away.
class ColumnChooser : public QObject
{
    Q_OBJECT

public:
    // Columns in hiddenByDefault start hidden until the user chooses.
    ColumnChooser(QTableView *table, QString settingsKey, QList<int> hiddenByDefault);

    // The header's context menu: one checkable action per column, named as
    // the header names it. The last shown column cannot be hidden.
    QMenu *menu();

private:
    void setShown(int column, bool shown);

    QTableView *m_table;
    QString m_settingsKey;
    QMenu *m_menu = nullptr;
};

} // namespace cw
