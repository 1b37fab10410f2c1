#include "FileChooser.h"

#include <QFileDialog>

#include <utility>

namespace cw {

namespace {

struct Seam
{
    std::optional<QString> answer;
    QString lastTitle;
};

Seam &seam()
{
    static Seam s;
    return s;
}

// The queued answer, if a test gave one.
std::optional<QString> answered(const QString &title)
{
    seam().lastTitle = title;
    return std::exchange(seam().answer, std::nullopt);
}

} // namespace

QString FileChooser::openFile(QWidget *parent, const QString &title, const QString &filter)
{
    if (auto answer = answered(title))
        return *answer;
    return QFileDialog::getOpenFileName(parent, title, {}, filter);
}

QString FileChooser::saveFile(QWidget *parent, const QString &title, const QString &filter)
{
    if (auto answer = answered(title))
        return *answer;
    return QFileDialog::getSaveFileName(parent, title, {}, filter);
}

QString FileChooser::folder(QWidget *parent, const QString &title)
{
    if (auto answer = answered(title))
        return *answer;
    return QFileDialog::getExistingDirectory(parent, title);
}

void FileChooser::setNextAnswer(const QString &path)
{
    seam().answer = path;
}

QString FileChooser::lastTitle()
{
    return seam().lastTitle;
}

void FileChooser::reset()
{
    seam() = Seam{};
}

} // namespace cw
