#pragma once

class QApplication;
class QCommandLineParser;

namespace cw {

class MainWindow;

// What curation-workbench's main() does to start, in one place: the
// application's names, its options, and the steps from a constructed
// QApplication to the main window on the chosen file. main() and the
// benchmark that times a whole start (tests/bench/bench_firstpage --child)
// both call it, so the benchmark times the start a user gets.
namespace WorkbenchStart {

// Before QApplication: the names QSettings and --version use.
void setIdentity();
// Every option, for both the display-less answer (--help) and the real start.
void describeOptions(QCommandLineParser &parser);
// With the QApplication constructed: translations, display names, options
// (--help and bad options end the process, as QCommandLineParser::process
// does), the theme, then the file opened as the user asked (--db, --as).
// Returns the window, not yet shown; nullptr with *exitCode set when the
// start failed, having told the user why.
MainWindow *openWindow(QApplication &app, int *exitCode);

} // namespace WorkbenchStart

} // namespace cw
