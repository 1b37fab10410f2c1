#include "WorkbenchStart.h"

#include "Database.h"
#include "MainWindow.h"
#include "Paths.h"
#include "ServerConnection.h"
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

namespace cw::WorkbenchStart {

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("curation-workbench"));
    QCoreApplication::setOrganizationName(QStringLiteral("curation-workbench"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CW_VERSION));
}

void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Curate experience memory: review proposals against their source cases "
                       "and proof records, watch projection lag and try retrieval strategies."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(
        QCommandLineOption(QStringLiteral("db"),
                           QStringLiteral("Database file (default: %1), or a PostgreSQL server: "
                                          "postgresql://user@host:port/database or service=NAME.")
                               .arg(cw::Paths::defaultDatabase()),
                           QStringLiteral("PATH")));
    parser.addOption(QCommandLineOption(QStringLiteral("as"),
                                        QStringLiteral("Admins: act as another principal."),
                                        QStringLiteral("PRINCIPAL")));
    parser.addOption(
        QCommandLineOption(QStringLiteral("theme"),
                           QStringLiteral("light, dark, or system (default): the palette to use."),
                           QStringLiteral("THEME"), QStringLiteral("system")));
}

MainWindow *openWindow(QApplication &app, int *exitCode)
{
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
            *exitCode = 2;
            return nullptr;
        }
        // Fusion draws every control from the palette, so the choice is complete.
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(theme == QLatin1String("dark")
                                     ? cw::Theme::darkPalette()
                                     : QApplication::style()->standardPalette());
    }

    const QString path =
        parser.isSet(dbOption) ? parser.value(dbOption) : cw::Paths::defaultDatabase();
    // A server location is no path: no folder to make for it.
    if (!cw::ServerConnection::isServerLocation(path))
        QDir().mkpath(QFileInfo(path).absolutePath());
    QString error;
    MainWindow *window =
        MainWindow::openFile(path, true, &error, parser.value(QStringLiteral("as")));
    if (!window) {
        QMessageBox::critical(nullptr, QObject::tr("Cannot open database"), error);
        *exitCode = 1;
        return nullptr;
    }
    return window;
}

} // namespace cw::WorkbenchStart
