#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace cw {

class Session;

// Edit › Erase Case…: the dependency report of a case (the dry run of
// `curation-cli erase case`), then, with a reason, the erasure itself. Erase
// stays disabled until the report shown is the one of the case named and a
// reason is given. Admins only: the model's policy decides, the menu entry
// is disabled for others with its reason.
class EraseCaseDialog : public QDialog
{
    Q_OBJECT

public:
    EraseCaseDialog(Session &session, QWidget *parent = nullptr);

    // Shows the dry-run report of the case in the field.
    void showDependencies();
    void erase();

private:
    void updateButtons();

    Session &m_session;
    QLineEdit *m_case;
    QPushButton *m_check;
    QPlainTextEdit *m_report;
    QLineEdit *m_reason;
    QLabel *m_message;
    QPushButton *m_erase;
    QString m_reportedCase; // the case whose report is shown
};

} // namespace cw
