// curation-workbench: the desktop application. Wiring only.

#include "MainWindow.h"
#include "Paths.h"
#include "Theme.h"
#include "Translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QStyle>
#include <QStyleFactory>

#include <cstdio>
#include <string_view>

namespace {

// Without a display Qt aborts inside the platform plugin; say what to do instead.
bool haveDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

// Whether the line asks for --help or --version: those are answered without a
// display (help2man, package checks and a shell over ssh ask them), so they
// are looked for before QApplication would need one.
bool asksHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--")
            return false;
        if (arg == "-h" || arg == "-?" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
            arg == "--version")
            return true;
    }
    return false;
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("curation-workbench"));
    QCoreApplication::setOrganizationName(QStringLiteral("curation-workbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CW_VERSION));
}

// Every option, for both the display-less answer and the real start.
void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Curate experience memory: review proposals against their source cases "
                       "and proof records, watch projection lag and try retrieval strategies."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(QCommandLineOption(
        QStringLiteral("db"),
        QStringLiteral("Database file (default: %1).").arg(cw::Paths::defaultDatabase()),
        QStringLiteral("PATH")));
    parser.addOption(QCommandLineOption(QStringLiteral("as"),
                                        QStringLiteral("Admins: act as another principal."),
                                        QStringLiteral("PRINCIPAL")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("theme"),
                           QStringLiteral("light, dark, or system (default): the palette to use."),
                           QStringLiteral("THEME"), QStringLiteral("system")));
}

} // namespace

int main(int argc, char *argv[])
{
    setIdentity();
    if (asksHelpOrVersion(argc, argv)) {
        const QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        describeOptions(parser);
        parser.process(app); // prints the help or the version and exits
        // Still here: the flag was an option's value (--db --help); start normally.
    }
    if (!haveDisplay()) {
        std::fputs("curation-workbench: no display (DISPLAY/WAYLAND_DISPLAY unset); run it under "
                   "a virtual one: xvfb-run -a curation-workbench [--db PATH]\n",
                   stderr);
        return 1;
    }
    QApplication app(argc, argv);
    cw::installTranslations(app); // by locale; CW_LANGUAGE=de forces one (docs/translations.md)
    QApplication::setApplicationDisplayName(QStringLiteral("Curation Workbench"));
    QApplication::setDesktopFileName(QStringLiteral("org.curationworkbench.CurationWorkbench"));

    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);
    const QString dbOption = QStringLiteral("db");

    const QString theme = parser.value(QStringLiteral("theme"));
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
    cw::MainWindow *window =
        cw::MainWindow::openFile(path, true, &error, parser.value(QStringLiteral("as")));
    if (!window) {
        QMessageBox::critical(nullptr, QObject::tr("Cannot open database"), error);
        return 1;
    }
    window->show();
    return app.exec();
}
