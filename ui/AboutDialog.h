#pragma once

#include <QDialog>

namespace cw {

// Help › About: what the workbench is, its version (the application's, as
// --version prints it), the licence, and the way to Qt's own About.
class AboutDialog : public QDialog
{
    Q_OBJECT

public:
    explicit AboutDialog(QWidget *parent = nullptr);

    QString text() const;

private:
    QString m_text;
};

} // namespace cw
