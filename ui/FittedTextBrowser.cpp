#include "FittedTextBrowser.h"

#include <QAbstractTextDocumentLayout>
#include <QtMath>

#include <algorithm>

namespace cw {

FittedTextBrowser::FittedTextBrowser(int maxLines, QWidget *parent)
    : QTextBrowser(parent)
    , m_maxLines(maxLines)
{
    // The document is laid out again at every width, and for every new text.
    connect(document()->documentLayout(), &QAbstractTextDocumentLayout::documentSizeChanged, this,
            &FittedTextBrowser::fitHeight);
}

int FittedTextBrowser::textHeight() const
{
    return qCeil(document()->size().height());
}

void FittedTextBrowser::fitHeight()
{
    const int frame = 2 * frameWidth() + contentsMargins().top() + contentsMargins().bottom();
    const int cap = m_maxLines * fontMetrics().lineSpacing();
    const int fitted = std::min(textHeight(), cap) + frame;
    if (fitted != minimumHeight())
        setMinimumHeight(fitted);
}

} // namespace cw
