#pragma once

namespace cw {

class MainWindow;

// Docks the lag monitor, the query panel and the side-by-side comparison
// into the main window. Analysts see the query panel at once; everyone else
// finds the panels in the View menu.
void addAnalysisDocks(MainWindow &window);

} // namespace cw
