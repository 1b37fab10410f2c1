#pragma once

#include <QString>

namespace cw::cli {

// Stored text as it may be printed to a terminal: every control character
// becomes a visible escape, so a stored value can neither forge a line (a
// newline in a title) nor move or retitle the terminal (an ESC or OSC
// sequence). Newline, carriage return and tab print as \n, \r and \t; other
// C0 controls, DEL and the C1 controls as \xNN; the Unicode line and
// paragraph separators and the bidirectional overrides (which reorder what
// follows them on screen) as \uNNNN. Everything else, backslash included,
// is printed as it is: no stored text can produce a raw control byte.
//
// Text output only: JSON and YAML output escape with their own rules.
QString escaped(const QString &text);
QString escaped(const QStringList &list, const QString &separator);

} // namespace cw::cli
