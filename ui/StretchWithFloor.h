#pragma once

#include <QObject>

class QTableView;

namespace cw {

// One column of a table takes the width the others leave, like
// QHeaderView::Stretch, but never less than a floor: below it the table
// scrolls sideways instead of squeezing the column a reader scans (a stretch
// section shrinks to the header's minimum, a few characters).
class StretchWithFloor : public QObject
{
    Q_OBJECT

public:
    StretchWithFloor(QTableView *table, int column, int floorPixels);

    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *m_table;
    int m_column;
    int m_floor;
    QObject *m_viewport;
};

} // namespace cw
