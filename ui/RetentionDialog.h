#pragma once

#include <QDialog>

class QLabel;
class QSpinBox;

namespace cw {

class Session;

// Settings › Retention: the database's retention setting (memory-use
// payloads older than N days, cases closed for more than M days; 0 is off).
// Everyone sees it; only admins may change it (the model's policy), for
// others the fields are read-only with the policy's reason as tooltip.
// Applying it is `curation-cli retain`.
class RetentionDialog : public QDialog
{
    Q_OBJECT

public:
    RetentionDialog(Session &session, QWidget *parent = nullptr);

    // Saves the fields (admins); false with the reason shown when refused.
    bool save();

private:
    Session &m_session;
    QSpinBox *m_memoryUseDays;
    QSpinBox *m_closedCaseDays;
    QLabel *m_message;
};

} // namespace cw
