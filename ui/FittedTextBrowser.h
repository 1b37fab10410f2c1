#pragma once

#include <QTextBrowser>

namespace cw {

// A text browser at least as tall as its text, up to maxLines lines: short
// text is shown whole, never cut mid-line; longer text scrolls past that
// height. Taller than its text only when its layout gives it more room.
class FittedTextBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    explicit FittedTextBrowser(int maxLines, QWidget *parent = nullptr);

    // The height the whole text would take at the current width.
    int textHeight() const;

private:
    void fitHeight();

    int m_maxLines;
};

} // namespace cw
