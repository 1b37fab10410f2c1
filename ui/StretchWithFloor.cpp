#include "StretchWithFloor.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace cw {

StretchWithFloor::StretchWithFloor(QTableView *table, int column, int floorPixels)
    : QObject(table)
    , m_table(table)
    , m_column(column)
    , m_floor(floorPixels)
    , m_viewport(table->viewport())
{
    QHeaderView *header = table->horizontalHeader();
    header->setSectionResizeMode(column, QHeaderView::Interactive);
    header->setStretchLastSection(false);
    m_viewport->installEventFilter(this);
    // Another column resized, hidden or shown: the room left changed.
    connect(header, &QHeaderView::sectionResized, this, [this](int logical) {
        if (logical != m_column)
            fit();
    });
}

void StretchWithFloor::fit()
{
    const QHeaderView *header = m_table->horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (column != m_column && !header->isSectionHidden(column))
            others += header->sectionSize(column);
    }
    const int width = std::max(m_floor, m_table->viewport()->width() - others);
    if (header->sectionSize(m_column) != width)
        m_table->horizontalHeader()->resizeSection(m_column, width);
}

bool StretchWithFloor::eventFilter(QObject *watched, QEvent *event)
{
    // The viewport was kept at construction: a table being destroyed still
    // sends its viewport events, and must not be asked for anything then.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        fit();
    return QObject::eventFilter(watched, event);
}

} // namespace cw
