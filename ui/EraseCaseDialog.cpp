#include "EraseCaseDialog.h"

#include "Erasure.h"
#include "Session.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace cw {

EraseCaseDialog::EraseCaseDialog(Session &session, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_case(new QLineEdit(this))
    , m_check(new QPushButton(tr("Show &Dependencies"), this))
    , m_report(new QPlainTextEdit(this))
    , m_reason(new QLineEdit(this))
    , m_message(new QLabel(this))
{
    setWindowTitle(tr("Erase Case"));
    m_case->setObjectName(QStringLiteral("caseRef"));
    m_case->setPlaceholderText(tr("tenant/source_system/source_request"));
    m_check->setObjectName(QStringLiteral("checkButton"));
    m_report->setObjectName(QStringLiteral("report"));
    m_report->setReadOnly(true);
    m_report->setPlaceholderText(tr("What the case left behind is listed here before anything "
                                    "is erased."));
    m_reason->setObjectName(QStringLiteral("reason"));
    m_reason->setPlaceholderText(tr("Why (recorded in the audit)"));
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);

    auto *form = new QFormLayout;
    auto *caseRow = new QHBoxLayout;
    caseRow->addWidget(m_case, 1);
    caseRow->addWidget(m_check);
    form->addRow(tr("&Case:"), caseRow);
    form->addRow(tr("&Reason:"), m_reason);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_erase = buttons->addButton(tr("&Erase"), QDialogButtonBox::DestructiveRole);
    m_erase->setObjectName(QStringLiteral("eraseButton"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Everything below is removed or rewritten in one "
                                    "transaction. Backups made before still hold it."),
                                 this));
    layout->addWidget(m_report, 1);
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    connect(m_check, &QPushButton::clicked, this, &EraseCaseDialog::showDependencies);
    connect(m_case, &QLineEdit::returnPressed, this, &EraseCaseDialog::showDependencies);
    connect(m_case, &QLineEdit::textChanged, this, &EraseCaseDialog::updateButtons);
    connect(m_reason, &QLineEdit::textChanged, this, &EraseCaseDialog::updateButtons);
    connect(m_erase, &QPushButton::clicked, this, &EraseCaseDialog::erase);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateButtons();
    resize(640, 480);
}

void EraseCaseDialog::updateButtons()
{
    m_erase->setEnabled(!m_reportedCase.isEmpty() && m_reportedCase == m_case->text().trimmed() &&
                        !m_reason->text().trimmed().isEmpty());
}

void EraseCaseDialog::showDependencies()
{
    m_reportedCase.clear();
    m_report->clear();
    m_message->clear();
    if (!m_session.actor())
        return;
    const QString ref = m_case->text().trimmed();
    auto outcome =
        Erasure(m_session.db(), m_session.clock()).eraseCase(*m_session.actor(), ref, {}, true);
    if (!outcome) {
        m_message->setText(outcome.refusal().message);
        updateButtons();
        return;
    }
    // Plain text: stored values are shown as text, never interpreted.
    m_report->setPlainText(outcome->report.toText());
    m_reportedCase = ref;
    updateButtons();
}

void EraseCaseDialog::erase()
{
    if (!m_session.actor() || !m_erase->isEnabled())
        return;
    const QString ref = m_reportedCase;
    const QString reason = m_reason->text().trimmed();
    auto outcome = m_session.write([&](Database &db) {
        return Erasure(db, m_session.clock()).eraseCase(*m_session.actor(), ref, reason, false);
    });
    if (!outcome) {
        m_message->setText(outcome.refusal().message);
        return;
    }
    m_report->setPlainText(outcome->report.toText());
    m_message->setText(tr("Erased %1 (audit #%2).").arg(ref).arg(outcome->auditId.value_or(0)));
    accept();
}

} // namespace cw
