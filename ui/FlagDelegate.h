#pragma once

#include <QStyledItemDelegate>

namespace cw {

// A list of flags (the model's FlagsRole, a QStringList) drawn as small
// chips: each flag's text on a background tinted by what it warns of, so a
// flag stands out from the plain columns in light and dark. The text stays
// the text (DisplayRole, AccessibleTextRole); colour adds, never replaces.
class FlagDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    static constexpr int FlagsRole = Qt::UserRole + 1;

    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The tone a flag is drawn in: Bad for what makes a candidate wrong to
    // follow, Warning for what asks for a check, Muted otherwise.
    static int toneOf(const QString &flag);
};

} // namespace cw
