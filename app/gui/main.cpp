// curation-workbench: the desktop application. Wiring only.

#include "MainWindow.h"
#include "Paths.h"
#include "Theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QStyle>
#include <QStyleFactory>

#include <cstdio>

namespace {

// Without a display Qt aborts inside the platform plugin; say what to do instead.
bool haveDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

int main(int argc, char *argv[])
{
    if (!haveDisplay()) {
        std::fputs("curation-workbench: no display (DISPLAY/WAYLAND_DISPLAY unset); run it under "
                   "a virtual one: xvfb-run -a curation-workbench [--db PATH]\n",
                   stderr);
        return 1;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("curation-workbench"));
    QApplication::setOrganizationName(QStringLiteral("curation-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("Curation Workbench"));
    QApplication::setDesktopFileName(QStringLiteral("org.curationworkbench.CurationWorkbench"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Curate experience memory."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        QStringLiteral("Database file (default: %1).").arg(cw::Paths::defaultDatabase()),
        QStringLiteral("PATH"));
    parser.addOption(dbOption);
    const QCommandLineOption asOption(QStringLiteral("as"),
                                      QStringLiteral("Admins: act as another principal."),
                                      QStringLiteral("PRINCIPAL"));
    parser.addOption(asOption);
    const QCommandLineOption themeOption(
        QStringLiteral("theme"),
        QStringLiteral("light, dark, or system (default): the palette to use."),
        QStringLiteral("THEME"), QStringLiteral("system"));
    parser.addOption(themeOption);
    parser.process(app);

    const QString theme = parser.value(themeOption);
    if (theme != QLatin1String("system")) {
        if (theme != QLatin1String("light") && theme != QLatin1String("dark")) {
            std::fprintf(stderr, "curation-workbench: --theme is light, dark or system, not %s\n",
                         qPrintable(theme));
            return 2;
        }
        // Fusion draws every control from the palette, so the choice is complete.
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(theme == QLatin1String("dark")
                                     ? cw::Theme::darkPalette()
                                     : QApplication::style()->standardPalette());
    }

    const QString path =
        parser.isSet(dbOption) ? parser.value(dbOption) : cw::Paths::defaultDatabase();
    QDir().mkpath(QFileInfo(path).absolutePath());
    QString error;
    cw::MainWindow *window = cw::MainWindow::openFile(path, true, &error, parser.value(asOption));
    if (!window) {
        QMessageBox::critical(nullptr, QObject::tr("Cannot open database"), error);
        return 1;
    }
    window->show();
    return app.exec();
}
