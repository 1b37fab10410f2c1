#include "FlagDelegate.h"

#include "Theme.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace cw {

namespace {

constexpr int Padding = 4; // inside a chip, left and right
constexpr int Gap = 4;     // between chips

QStringList flagsOf(const QModelIndex &index)
{
    return index.data(FlagDelegate::FlagsRole).toStringList();
}

} // namespace

int FlagDelegate::toneOf(const QString &flag)
{
    static const QStringList bad{QStringLiteral("rejected-route"),
                                 QStringLiteral("source-changed")};
    static const QStringList warning{QStringLiteral("revalidate"), QStringLiteral("unverified"),
                                     QStringLiteral("not-yet-indexed"),
                                     QStringLiteral("symptom-mismatch")};
    if (bad.contains(flag))
        return int(Theme::Tone::Bad);
    if (warning.contains(flag))
        return int(Theme::Tone::Warning);
    return int(Theme::Tone::Muted);
}

void FlagDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                         const QModelIndex &index) const
{
    // The cell as usual (selection, focus), without its text.
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    cell.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);

    const QFontMetrics metrics(option.font);
    const int height = metrics.height() + 2;
    QRect chip(option.rect.left() + Gap, option.rect.center().y() - height / 2 + 1, 0, height);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(option.font);
    for (const QString &flag : flagsOf(index)) {
        chip.setWidth(metrics.horizontalAdvance(flag) + 2 * Padding);
        if (chip.right() > option.rect.right())
            break; // the tooltip and the accessible text still name it
        const auto tone = Theme::Tone(toneOf(flag));
        QPainterPath path;
        path.addRoundedRect(QRectF(chip).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
        painter->fillPath(path, Theme::background(tone, option.palette));
        painter->setPen(Theme::text(tone, option.palette));
        painter->drawPath(path);
        painter->drawText(chip, Qt::AlignCenter, flag);
        chip.moveLeft(chip.right() + 1 + Gap);
    }
    painter->restore();
}

QSize FlagDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics metrics(option.font);
    int width = Gap;
    for (const QString &flag : flagsOf(index))
        width += metrics.horizontalAdvance(flag) + 2 * Padding + Gap;
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    return {std::max(width, metrics.horizontalAdvance(QStringLiteral("—")) + 2 * Gap),
            std::max(base.height(), metrics.height() + 6)};
}

} // namespace cw
