#include "RetentionDialog.h"

#include "Access.h"
#include "Retention.h"
#include "Session.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cw {

namespace {

QSpinBox *daysBox(QWidget *parent, const QString &name, const std::optional<int> &days)
{
    auto *box = new QSpinBox(parent);
    box->setObjectName(name);
    box->setRange(0, 36500);
    box->setSpecialValueText(QObject::tr("off (kept)"));
    box->setSuffix(QObject::tr(" days"));
    box->setValue(days.value_or(0));
    return box;
}

QString assignment(const char *name, int days)
{
    return QString::fromLatin1(name) + u'=' +
           (days == 0 ? QStringLiteral("off") : QString::number(days));
}

} // namespace

RetentionDialog::RetentionDialog(Session &session, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_message(new QLabel(this))
{
    setWindowTitle(tr("Retention"));
    auto settings = RetentionSettings::read(session.db());
    const RetentionSettings current = settings ? *settings : RetentionSettings{};
    m_memoryUseDays = daysBox(this, QStringLiteral("memoryUseDays"), current.memoryUseDays);
    m_closedCaseDays = daysBox(this, QStringLiteral("closedCaseDays"), current.closedCaseDays);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    if (!settings)
        m_message->setText(settings.error());

    auto *form = new QFormLayout;
    form->addRow(tr("Memory-use payloads older than:"), m_memoryUseDays);
    form->addRow(tr("Cases closed for more than:"), m_closedCaseDays);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Applied by `curation-cli retain` (try --dry-run first): "
                                    "payloads get the erasure marker, closed cases are erased."),
                                 this));
    layout->addWidget(m_message);
    layout->addWidget(buttons);

    std::optional<Refusal> refused;
    if (session.actor())
        refused = Access(session.db(), *session.actor()).mayApplyRetention();
    if (refused) {
        for (QSpinBox *box : {m_memoryUseDays, m_closedCaseDays}) {
            box->setEnabled(false);
            box->setToolTip(refused->message);
        }
    }
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (save())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

bool RetentionDialog::save()
{
    if (!m_memoryUseDays->isEnabled() || !m_session.actor())
        return true; // read-only: nothing to save
    const QStringList assignments = {assignment("memory-use-days", m_memoryUseDays->value()),
                                     assignment("closed-case-days", m_closedCaseDays->value())};
    auto changed = m_session.write([&](Database &db) {
        return Retention(db, m_session.clock())
            .change(*m_session.actor(), assignments, tr("retention setting (workbench)"));
    });
    if (!changed) {
        m_message->setText(changed.refusal().message);
        return false;
    }
    return true;
}

} // namespace cw
