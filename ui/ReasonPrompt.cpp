#include "ReasonPrompt.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QKeyEvent>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace cw {

namespace {

struct Seam
{
    bool hasAnswer = false;
    std::optional<QString> answer;
    std::optional<bool> confirmation;
    QString lastDraft;
    QString lastQuestion;
    QString lastSuggestion;
    QString lastAction;
};

Seam &seam()
{
    static Seam s;
    return s;
}

// Ctrl+Enter in the reason presses the submit button (when it may be pressed).
class CtrlEnter : public QObject
{
public:
    CtrlEnter(QPushButton *submit, QObject *parent)
        : QObject(parent)
        , m_submit(submit)
    {
    }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const auto *key = static_cast<QKeyEvent *>(event);
            if ((key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) &&
                key->modifiers().testFlag(Qt::ControlModifier)) {
                if (m_submit->isEnabled())
                    m_submit->click();
                return true;
            }
        }
        return QObject::eventFilter(watched, event);
    }

private:
    QPushButton *m_submit;
};

std::optional<QString> runDialog(QWidget *parent, const QString &title, const QString &question,
                                 const QString &draft, const QString &suggestion,
                                 const QString &action)
{
    QDialog dialog(parent);
    dialog.setObjectName(QStringLiteral("reasonDialog"));
    dialog.setWindowTitle(title);
    auto *layout = new QVBoxLayout(&dialog);
    auto *label = new QLabel(question, &dialog);
    label->setWordWrap(true);
    auto *edit = new QPlainTextEdit(draft, &dialog);
    edit->setObjectName(QStringLiteral("reasonEdit"));
    edit->setAccessibleName(QDialog::tr("Reason"));
    edit->setTabChangesFocus(true);
    label->setBuddy(edit);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    if (!suggestion.isEmpty()) {
        edit->setPlaceholderText(suggestion);
        QPushButton *use =
            buttons->addButton(QDialog::tr("&Use suggestion"), QDialogButtonBox::ActionRole);
        use->setObjectName(QStringLiteral("useSuggestionButton"));
        use->setToolTip(suggestion);
        QObject::connect(use, &QPushButton::clicked, edit, [edit, suggestion] {
            edit->setPlainText(suggestion);
            edit->selectAll();
            edit->setFocus();
        });
    }
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    ok->setObjectName(QStringLiteral("submitReasonButton"));
    // The button says what it does, as in "Approve" rather than OK.
    if (!action.isEmpty())
        ok->setText(action);
    ok->setToolTip(QDialog::tr("%1 (%2)").arg(
        ok->text().remove(u'&'),
        QKeySequence(Qt::CTRL | Qt::Key_Return).toString(QKeySequence::NativeText)));
    // Enter starts a new line in the reason; Ctrl+Enter submits it.
    edit->installEventFilter(new CtrlEnter(ok, edit));
    // A decision without a reason is refused by the workflow; say so here first.
    auto update = [edit, ok] { ok->setEnabled(!edit->toPlainText().trimmed().isEmpty()); };
    QObject::connect(edit, &QPlainTextEdit::textChanged, &dialog, update);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(label);
    layout->addWidget(edit);
    layout->addWidget(buttons);
    update();
    edit->setFocus();
    dialog.resize(480, 220);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return edit->toPlainText().trimmed();
}

} // namespace

std::optional<QString> ReasonPrompt::ask(QWidget *parent, const QString &title,
                                         const QString &question, const QString &draft,
                                         const QString &suggestion, const QString &action)
{
    Seam &s = seam();
    s.lastAction = action;
    s.lastDraft = draft;
    s.lastSuggestion = suggestion;
    s.lastQuestion = question;
    if (s.hasAnswer) {
        s.hasAnswer = false;
        return std::exchange(s.answer, std::nullopt);
    }
    return runDialog(parent, title, question, draft, suggestion, action);
}

bool ReasonPrompt::confirm(QWidget *parent, const QString &title, const QString &question)
{
    Seam &s = seam();
    s.lastQuestion = question;
    if (s.confirmation)
        return *std::exchange(s.confirmation, std::nullopt);
    return QMessageBox::question(parent, title, question) == QMessageBox::Yes;
}

void ReasonPrompt::setNextAnswer(std::optional<QString> answer)
{
    seam().hasAnswer = true;
    seam().answer = std::move(answer);
}

void ReasonPrompt::setNextConfirmation(bool yes)
{
    seam().confirmation = yes;
}

QString ReasonPrompt::lastDraft()
{
    return seam().lastDraft;
}

QString ReasonPrompt::lastQuestion()
{
    return seam().lastQuestion;
}

QString ReasonPrompt::lastSuggestion()
{
    return seam().lastSuggestion;
}

QString ReasonPrompt::lastAction()
{
    return seam().lastAction;
}

void ReasonPrompt::reset()
{
    seam() = Seam{};
}

} // namespace cw
