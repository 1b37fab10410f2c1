#include "FocusMarks.h"

#include <QAbstractItemView>
#include <QPalette>

namespace cw::FocusMarks {

namespace {

QColor mix(const QColor &a, const QColor &b, double share)
{
    return QColor::fromRgbF(float(a.redF() * share + b.redF() * (1 - share)),
                            float(a.greenF() * share + b.greenF() * (1 - share)),
                            float(a.blueF() * share + b.blueF() * (1 - share)));
}

} // namespace

void apply(QAbstractItemView *view)
{
    QPalette palette = view->palette();
    const QColor highlight = palette.color(QPalette::Active, QPalette::Highlight);
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    palette.setColor(QPalette::Inactive, QPalette::Highlight, mix(highlight, base, 0.4));
    palette.setColor(QPalette::Inactive, QPalette::HighlightedText,
                     palette.color(QPalette::Active, QPalette::Text));
    view->setPalette(palette);
    view->setStyleSheet(QStringLiteral("QTableView:focus, QTreeView:focus, QListView:focus "
                                       "{ border: 2px solid %1; }")
                            .arg(highlight.name()));
}

} // namespace cw::FocusMarks
