#include "ColumnChooser.h"

#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>

namespace cw {

ColumnChooser::ColumnChooser(QTableView *table, QString settingsKey, QList<int> hiddenByDefault)
    : QObject(table)
    , m_table(table)
    , m_settingsKey(std::move(settingsKey))
{
    const QVariant saved = QSettings().value(m_settingsKey);
    QList<int> hidden = hiddenByDefault;
    if (saved.isValid()) {
        hidden.clear();
        for (const QVariant &column : saved.toList())
            hidden.append(column.toInt());
    }
    for (int column = 0; column < table->model()->columnCount(); ++column)
        table->setColumnHidden(column, hidden.contains(column));
    QHeaderView *header = table->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this,
            [this, header](const QPoint &at) { menu()->popup(header->mapToGlobal(at)); });
}

QMenu *ColumnChooser::menu()
{
    if (!m_menu)
        m_menu = new QMenu(m_table);
    m_menu->clear();
    const QAbstractItemModel *model = m_table->model();
    int shown = 0;
    for (int column = 0; column < model->columnCount(); ++column)
        shown += m_table->isColumnHidden(column) ? 0 : 1;
    for (int column = 0; column < model->columnCount(); ++column) {
        QAction *action = m_menu->addAction(model->headerData(column, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!m_table->isColumnHidden(column));
        action->setEnabled(!(action->isChecked() && shown == 1));
        connect(action, &QAction::toggled, this,
                [this, column](bool checked) { setShown(column, checked); });
    }
    return m_menu;
}

void ColumnChooser::setShown(int column, bool shown)
{
    m_table->setColumnHidden(column, !shown);
    QVariantList hidden;
    for (int c = 0; c < m_table->model()->columnCount(); ++c) {
        if (m_table->isColumnHidden(c))
            hidden.append(c);
    }
    QSettings().setValue(m_settingsKey, hidden);
}

} // namespace cw
