#include "Notice.h"

#include <QMessageBox>

namespace cw::Notice {

QMessageBox *warn(QWidget *parent, const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("warningNotice"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
    return box;
}

} // namespace cw::Notice
