#pragma once

#include <QString>

class QMessageBox;
class QWidget;

namespace cw {

// A warning the user must see (a failed import, a file that cannot be
// opened), shown window-modal but without a nested event loop: the caller
// returns at once and the box closes itself. Its objectName is
// "warningNotice", so tests find it and read what it says.
namespace Notice {

QMessageBox *warn(QWidget *parent, const QString &title, const QString &message);

} // namespace Notice
} // namespace cw
