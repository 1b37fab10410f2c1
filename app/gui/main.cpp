// curation-workbench: the desktop application. Wiring only.

#include "MainWindow.h"
#include "WorkbenchStart.h"

#include <QApplication>
#include <QCommandLineParser>

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

} // namespace

int main(int argc, char *argv[])
{
    cw::WorkbenchStart::setIdentity();
    if (asksHelpOrVersion(argc, argv)) {
        const QCoreApplication app(argc, argv);
        QCommandLineParser parser;
        cw::WorkbenchStart::describeOptions(parser);
        parser.process(app); // prints the help or the version and exits
        // Still here: the flag was an option's value (--db --help); start normally.
    }
    if (!haveDisplay()) {
        std::fputs("curation-workbench: no display (DISPLAY/WAYLAND_DISPLAY unset); run it under "
                   "a virtual one: xvfb-run -a curation-workbench [--db PATH]\n",
                   stderr);
        return 1;
    }
    // A server that does not answer must not hang the window for the TCP
    // timeout: libpq gives up after this many seconds, unless the user's
    // environment or the location itself (connect_timeout=) says otherwise.
    if (!qEnvironmentVariableIsSet("PGCONNECT_TIMEOUT"))
        qputenv("PGCONNECT_TIMEOUT", "10");
    QApplication app(argc, argv);
    int exitCode = 0;
    cw::MainWindow *window = cw::WorkbenchStart::openWindow(app, &exitCode);
    if (!window)
        return exitCode;
    window->show();
    return app.exec();
}
