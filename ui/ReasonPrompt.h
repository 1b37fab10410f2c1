#pragma once

#include <QString>

#include <optional>

class QWidget;

namespace cw {

// Every reason and every confirmation the workbench asks for goes through
// here, so tests can answer without a modal dialog (the KeePassXC
// MessageBox::setNextAnswer seam). Without a queued answer a real dialog opens.
class ReasonPrompt
{
public:
    // The reason the user typed, or nullopt when cancelled. draft pre-fills
    // the field (a reason kept after a refusal). suggestion is offered, never
    // typed for the user: it shows as the field's placeholder and a "Use
    // suggestion" button puts it in, selected, to keep or overwrite; the
    // reason is only what the user typed or accepted. action names the
    // button that submits ("Approve", "Retire"; OK when empty); Ctrl+Enter
    // presses it.
    static std::optional<QString> ask(QWidget *parent, const QString &title,
                                      const QString &question, const QString &draft = {},
                                      const QString &suggestion = {}, const QString &action = {});
    static bool confirm(QWidget *parent, const QString &title, const QString &question);

    // Test seam: the next ask() returns this (nullopt: cancelled) without a dialog.
    static void setNextAnswer(std::optional<QString> answer);
    static void setNextConfirmation(bool yes);
    // What the last ask() offered as the draft, and its question.
    static QString lastDraft();
    static QString lastQuestion();
    static QString lastSuggestion();
    static QString lastAction();
    static void reset();
};

} // namespace cw
