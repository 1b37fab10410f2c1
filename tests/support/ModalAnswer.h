#pragma once

// Answers the message box a click is about to open: a test calls
// answerNextBox before the click, which runs the box's event loop; the
// answer is given once the box shows, and what it asked is remembered.

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

namespace cw::test {

struct Asked
{
    QString text;
    QMessageBox::StandardButton defaultButton = QMessageBox::NoButton;
    bool shown = false;
};

inline void answerNextBox(QMessageBox::StandardButton answer, Asked *asked, int tries = 200)
{
    QTimer::singleShot(10, qApp, [answer, asked, tries] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box) {
            if (tries > 0)
                answerNextBox(answer, asked, tries - 1);
            return;
        }
        asked->shown = true;
        asked->text = box->text() + u' ' + box->informativeText();
        asked->defaultButton = box->defaultButton() ? box->standardButton(box->defaultButton())
                                                    : QMessageBox::NoButton;
        box->button(answer)->click();
    });
}

} // namespace cw::test
