// The colours that carry meaning stay readable on a light and a dark palette.

#include "Theme.h"

#include <QApplication>
#include <QStyle>
#include <QTest>

#include <cmath>

using namespace cw;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor &c)
{
    auto channel = [](double v) {
        return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a) + 0.05;
    const double lb = luminance(b) + 0.05;
    return std::max(la, lb) / std::min(la, lb);
}

} // namespace

class ThemeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void tellsADarkPaletteFromALightOne()
    {
        QVERIFY(Theme::isDark(Theme::darkPalette()));
        QVERIFY(!Theme::isDark(QApplication::style()->standardPalette()));
    }

    void meaningColoursAreReadable_data()
    {
        QTest::addColumn<QPalette>("palette");
        QTest::addColumn<int>("tone");
        const QList<std::pair<const char *, QPalette>> palettes{
            {"light", QApplication::style()->standardPalette()}, {"dark", Theme::darkPalette()}};
        for (const auto &[name, palette] : palettes) {
            for (Theme::Tone tone :
                 {Theme::Tone::Good, Theme::Tone::Bad, Theme::Tone::Warning, Theme::Tone::Muted})
                QTest::addRow("%s/%d", name, int(tone)) << palette << int(tone);
        }
    }

    void meaningColoursAreReadable()
    {
        QFETCH(QPalette, palette);
        QFETCH(int, tone);
        const auto t = Theme::Tone(tone);
        const QColor text = Theme::text(t, palette);
        // On a tinted background (badge, diff) the text reads at the WCAG AA level.
        const double tinted = contrast(text, Theme::background(t, palette));
        QVERIFY2(tinted >= 4.5, qPrintable(QString::number(tinted)));
        // On the palette's own base, marks that are not tinted still read (the
        // warning tone is only ever used tinted).
        if (t != Theme::Tone::Warning) {
            const double plain = contrast(text, palette.color(QPalette::Base));
            QVERIFY2(plain >= 4.5, qPrintable(QString::number(plain)));
        }
    }

    void darkPaletteTextReadsOnItsBackgrounds()
    {
        const QPalette p = Theme::darkPalette();
        QVERIFY(contrast(p.color(QPalette::Text), p.color(QPalette::Base)) >= 7);
        QVERIFY(contrast(p.color(QPalette::WindowText), p.color(QPalette::Window)) >= 7);
        QVERIFY(contrast(p.color(QPalette::HighlightedText), p.color(QPalette::Highlight)) >= 4.5);
    }
};

QTEST_MAIN(ThemeTest)
#include "tst_theme.moc"
