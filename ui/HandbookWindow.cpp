#include "HandbookWindow.h"

#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>
#include <QTextBrowser>

namespace cw {

HandbookWindow::HandbookWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("handbookWindow"));
    setWindowTitle(tr("Handbook"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_contents = new QListWidget(splitter);
    m_contents->setObjectName(QStringLiteral("handbookContents"));
    m_contents->setAccessibleName(tr("Contents"));
    m_browser = new QTextBrowser(splitter);
    m_browser->setObjectName(QStringLiteral("handbookBrowser"));
    m_browser->setOpenExternalLinks(true);
    splitter->addWidget(m_contents);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 4);
    layout->addWidget(splitter);

    QFile file(QString::fromLatin1(Resource));
    if (file.open(QIODevice::ReadOnly)) {
        // GitHub's dialect: tables and fenced code, as the file is written.
        m_browser->setMarkdown(QString::fromUtf8(file.readAll()));
    } else {
        m_browser->setPlainText(
            tr("The handbook is missing from this build (%1).").arg(QString::fromLatin1(Resource)));
    }
    // Roomy for reading, never larger than the screen.
    QSize wanted(900, 680);
    if (const QScreen *screen = this->screen())
        wanted = wanted.boundedTo(screen->availableGeometry().size() * 0.9);
    resize(wanted);
    splitter->setSizes({wanted.width() / 4, wanted.width() * 3 / 4});
    fillContents();
    connect(m_contents, &QListWidget::currentRowChanged, this, &HandbookWindow::goToHeading);
}

QStringList HandbookWindow::headings() const
{
    QStringList titles;
    for (int row = 0; row < m_contents->count(); ++row)
        titles.append(m_contents->item(row)->text().trimmed());
    return titles;
}

void HandbookWindow::fillContents()
{
    // The rendered document's heading blocks, so the list cannot drift from
    // the text; the first level is the title, the third too fine for a list.
    for (QTextBlock block = m_browser->document()->begin(); block.isValid(); block = block.next()) {
        const int level = block.blockFormat().headingLevel();
        if (level < 1 || level > 2 || block.text().trimmed().isEmpty())
            continue;
        m_contents->addItem(QString(level == 2 ? 2 : 0, u' ') + block.text());
        m_positions.append(block.position());
    }
}

void HandbookWindow::goToHeading(int index)
{
    if (index < 0 || index >= m_positions.size())
        return;
    QTextCursor cursor(m_browser->document());
    cursor.setPosition(m_positions.at(index));
    m_browser->setTextCursor(cursor);
    // The heading at the top of the view, not merely somewhere in it.
    QScrollBar *bar = m_browser->verticalScrollBar();
    bar->setValue(bar->maximum());
    m_browser->ensureCursorVisible();
}

} // namespace cw
