#include "ReasonPrompt.h"

#include <QDialog>
#include <QDialogButtonBox>
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
};

Seam &seam()
{
    static Seam s;
    return s;
}

std::optional<QString> runDialog(QWidget *parent, const QString &title, const QString &question,
                                 const QString &draft, const QString &suggestion)
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
                                         const QString &suggestion)
{
    Seam &s = seam();
    s.lastDraft = draft;
    s.lastSuggestion = suggestion;
    s.lastQuestion = question;
    if (s.hasAnswer) {
        s.hasAnswer = false;
        return std::exchange(s.answer, std::nullopt);
    }
    return runDialog(parent, title, question, draft, suggestion);
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

void ReasonPrompt::reset()
{
    seam() = Seam{};
}

} // namespace cw
