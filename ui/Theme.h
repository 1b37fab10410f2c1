#pragma once

#include <QColor>
#include <QGuiApplication>
#include <QPalette>
#include <QString>

namespace cw {

// Colours that carry meaning — supports / does not support, added / removed,
// behind / caught up — chosen for the palette in use, so they read alike on a
// light and a dark theme. Qt 6.4 has no colour-scheme API: a dark window
// background means a dark theme.
namespace Theme {

enum class Tone
{
    Good,    // supports, added, caught up
    Bad,     // does not support, removed, refused, due
    Warning, // behind
    Muted    // not claimed, secondary
};

bool isDark(const QPalette &palette = QGuiApplication::palette());
// Text in this tone on the palette's base or window colour.
QColor text(Tone tone, const QPalette &palette = QGuiApplication::palette());
// A tinted background in this tone; text(tone) is readable on it.
QColor background(Tone tone, const QPalette &palette = QGuiApplication::palette());
// "color:#rrggbb" (and "background:#rrggbb" when tinted) for rich text.
QString css(Tone tone, bool tinted = false, const QPalette &palette = QGuiApplication::palette());

// A dark Fusion palette, for `curation-workbench --theme dark` (and for
// desktops that offer no dark palette of their own).
QPalette darkPalette();

} // namespace Theme
} // namespace cw
