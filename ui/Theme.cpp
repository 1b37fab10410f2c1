#include "Theme.h"

namespace cw::Theme {

namespace {

struct Pair
{
    QRgb light;
    QRgb dark;
};

QColor pick(const Pair &pair, const QPalette &palette)
{
    return QColor::fromRgb(isDark(palette) ? pair.dark : pair.light);
}

// Text tones: dark saturated colours on white, light desaturated ones on a
// dark base, each at about 4.5:1 contrast or better.
Pair textPair(Tone tone)
{
    switch (tone) {
    case Tone::Good:
        return {0x176c28, 0x7ddc95};
    case Tone::Bad:
        return {0xb00020, 0xff8a94};
    case Tone::Warning:
        return {0x3d2b00, 0xffe08a};
    case Tone::Muted:
        break;
    }
    return {0x5f5f5f, 0xa8a8a8};
}

Pair backgroundPair(Tone tone)
{
    switch (tone) {
    case Tone::Good:
        return {0xc9f0cf, 0x1f4a2a};
    case Tone::Bad:
        return {0xf8c9c9, 0x5a1f25};
    case Tone::Warning:
        return {0xf6d365, 0x5a4510};
    case Tone::Muted:
        break;
    }
    return {0xe8e8e8, 0x3a3a3a};
}

} // namespace

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor text(Tone tone, const QPalette &palette)
{
    return pick(textPair(tone), palette);
}

QColor background(Tone tone, const QPalette &palette)
{
    return pick(backgroundPair(tone), palette);
}

QString css(Tone tone, bool tinted, const QPalette &palette)
{
    QString style = QStringLiteral("color:%1").arg(text(tone, palette).name());
    if (tinted)
        style += QStringLiteral(";background:%1").arg(background(tone, palette).name());
    return style;
}

QPalette darkPalette()
{
    const QColor window(0x2b, 0x2d, 0x30);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    const QColor disabled(0x80, 0x80, 0x80);
    const QColor highlight(0x3d, 0x6f, 0xb5);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x27, 0x29, 0x2c));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3d, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x38, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x51));
    p.setColor(QPalette::Midlight, QColor(0x3e, 0x41, 0x45));
    p.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x2a));
    p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0d));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8a, 0xb4, 0xf8));
    p.setColor(QPalette::LinkVisited, QColor(0xc5, 0x8a, 0xf8));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x44, 0x47, 0x4b));
    return p;
}

} // namespace cw::Theme
