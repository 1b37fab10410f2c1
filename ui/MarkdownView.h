#pragma once

#include <QStringList>
#include <QTextBrowser>
#include <QTextDocument>
#include <QWidget>

class QAction;
class QPlainTextEdit;
class QStackedWidget;
class QToolButton;

namespace cw {

// A document that loads no resource: Qt's default reads local files named by
// an image (file:///…) when the document has no browser to ask. Every
// request is refused and noted.
class DataDocument : public QTextDocument
{
    Q_OBJECT

public:
    using QTextDocument::QTextDocument;

    const QStringList &refusedResources() const { return m_refused; }

protected:
    QVariant loadResource(int type, const QUrl &name) override;

private:
    QStringList m_refused;
};

// A QTextBrowser for retrieved text: it never loads a resource (no image,
// remote or local, no style sheet) and never follows a link. Images show as
// their alternative text and address; links stay readable, with their target
// as tooltip, and are not opened. Retrieved text is data.
class DataTextBrowser : public QTextBrowser
{
    Q_OBJECT

public:
    explicit DataTextBrowser(QWidget *parent = nullptr);

    QVariant loadResource(int type, const QUrl &name) override;
    // Every resource its document (or Qt) asked for and was refused, in order.
    QStringList refusedResources() const;

private:
    DataDocument *m_document = nullptr;
    QStringList m_refused;
};

// Markdown rendered as rich text (QTextDocument::setMarkdown, GitHub dialect
// without raw HTML), with its source one toggle away: a checkable "Raw"
// button whose state every Markdown view shares and QSettings keeps.
class MarkdownView : public QWidget
{
    Q_OBJECT

public:
    explicit MarkdownView(QWidget *parent = nullptr);
    ~MarkdownView() override;

    void setMarkdown(const QString &markdown);
    void clear();
    QString markdownText() const { return m_source; }
    void setPlaceholderText(const QString &text);

    bool isRaw() const;
    void setRaw(bool raw);
    QAction *rawAction() const { return m_rawAction; }
    DataTextBrowser *rendered() const { return m_rendered; }
    QPlainTextEdit *source() const { return m_raw; }

    // The document for markdown, images replaced by "[image: alt <url>]".
    static void fillDocument(QTextDocument &document, const QString &markdown);

    static QString settingsKey();

private:
    void showMode();

    QString m_source;
    QToolButton *m_rawButton = nullptr;
    QAction *m_rawAction = nullptr;
    QStackedWidget *m_stack = nullptr;
    DataTextBrowser *m_rendered = nullptr;
    QPlainTextEdit *m_raw = nullptr;
};

} // namespace cw
