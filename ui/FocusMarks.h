#pragma once

class QAbstractItemView;

namespace cw {

// Where the keyboard is, visible in light and dark: the focused item view
// gets a frame in the palette's highlight colour, and its selected row stays
// marked (a softer highlight, text still readable) after focus moves on —
// Fusion's inactive highlight is nearly the base colour. Set on the view
// itself, never as a global theme.
namespace FocusMarks {

void apply(QAbstractItemView *view);

} // namespace FocusMarks
} // namespace cw
