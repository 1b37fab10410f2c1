#pragma once

#include <QString>

#include <optional>

class QWidget;

namespace cw {

// Every file or folder name the workbench asks for goes through here, so
// tests can answer without a modal dialog (the KeePassXC
// FileDialog::setNextFileName seam). Without a queued answer a real file
// dialog opens. An empty result means the user cancelled.
class FileChooser
{
public:
    static QString openFile(QWidget *parent, const QString &title, const QString &filter);
    // Does not ask before replacing: callers that must not replace check first.
    static QString saveFile(QWidget *parent, const QString &title, const QString &filter);
    static QString folder(QWidget *parent, const QString &title);

    // Test seam: the next call returns this (empty: cancelled) without a dialog.
    static void setNextAnswer(const QString &path);
    // The title of the last dialog asked for, answered or not.
    static QString lastTitle();
    static void reset();
};

} // namespace cw
