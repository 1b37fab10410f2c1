#include "MarkdownView.h"

#include "Theme.h"

#include <QAction>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStackedWidget>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace cw {

namespace {

// Raw HTML inside retrieved Markdown stays text: it is data, not markup.
constexpr auto Features = QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                          QTextDocument::MarkdownNoHTML);

// Every view follows one switch: a reader who wants the source wants it everywhere.
std::set<MarkdownView *> &views()
{
    static std::set<MarkdownView *> all;
    return all;
}

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
// Definitions are loaded once; the repository must outlive every highlighter.
KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository repo;
    return repo;
}
#endif

void highlight(QPlainTextEdit *edit)
{
#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(edit->document());
    highlighter->setDefinition(repository().definitionForName(QStringLiteral("Markdown")));
    highlighter->setTheme(repository().defaultTheme(
        Theme::isDark(edit->palette()) ? KSyntaxHighlighting::Repository::DarkTheme
                                       : KSyntaxHighlighting::Repository::LightTheme));
#else
    Q_UNUSED(edit);
#endif
}

} // namespace

QVariant DataDocument::loadResource(int type, const QUrl &name)
{
    Q_UNUSED(type);
    m_refused.append(name.toString());
    return {};
}

DataTextBrowser::DataTextBrowser(QWidget *parent)
    : QTextBrowser(parent)
    , m_document(new DataDocument(this))
{
    setDocument(m_document);
    setOpenLinks(false);
    setOpenExternalLinks(false);
}

QVariant DataTextBrowser::loadResource(int type, const QUrl &name)
{
    Q_UNUSED(type);
    m_refused.append(name.toString());
    return {};
}

QStringList DataTextBrowser::refusedResources() const
{
    return m_document->refusedResources() + m_refused;
}

MarkdownView::MarkdownView(QWidget *parent)
    : QWidget(parent)
    , m_rawButton(new QToolButton(this))
    , m_rawAction(new QAction(tr("Raw"), this))
    , m_stack(new QStackedWidget(this))
    , m_rendered(new DataTextBrowser(m_stack))
    , m_raw(new QPlainTextEdit(m_stack))
{
    m_rawAction->setObjectName(QStringLiteral("rawMarkdownAction"));
    m_rawAction->setCheckable(true);
    m_rawAction->setToolTip(tr("Show the Markdown source instead of the rendered text"));
    m_rawButton->setObjectName(QStringLiteral("rawMarkdownButton"));
    m_rawButton->setDefaultAction(m_rawAction);
    m_rawButton->setAutoRaise(true);
    m_rendered->setObjectName(QStringLiteral("markdownRendered"));
    m_raw->setObjectName(QStringLiteral("markdownSource"));
    m_raw->setReadOnly(true);
    m_raw->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_raw->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    highlight(m_raw);
    m_stack->addWidget(m_rendered);
    m_stack->addWidget(m_raw);

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addStretch();
    bar->addWidget(m_rawButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_stack, 1);

    m_rawAction->setChecked(QSettings().value(settingsKey(), false).toBool());
    connect(m_rawAction, &QAction::toggled, this, &MarkdownView::setRaw);
    views().insert(this);
    showMode();
}

MarkdownView::~MarkdownView()
{
    views().erase(this);
}

QString MarkdownView::settingsKey()
{
    return QStringLiteral("reading/rawMarkdown");
}

void MarkdownView::setMarkdown(const QString &markdown)
{
    m_source = markdown;
    fillDocument(*m_rendered->document(), markdown);
    m_raw->setPlainText(markdown);
}

void MarkdownView::clear()
{
    m_source.clear();
    m_rendered->clear();
    m_raw->clear();
}

void MarkdownView::setPlaceholderText(const QString &text)
{
    m_rendered->setPlaceholderText(text);
    m_raw->setPlaceholderText(text);
}

bool MarkdownView::isRaw() const
{
    return m_rawAction->isChecked();
}

void MarkdownView::setRaw(bool raw)
{
    QSettings().setValue(settingsKey(), raw);
    for (MarkdownView *view : views()) {
        view->m_rawAction->setChecked(raw); // no-op (no signal) where it already is
        view->showMode();
    }
}

void MarkdownView::showMode()
{
    m_stack->setCurrentWidget(isRaw() ? static_cast<QWidget *>(m_raw) : m_rendered);
}

void MarkdownView::fillDocument(QTextDocument &document, const QString &markdown)
{
    document.setMarkdown(markdown, Features);
    // Images become text before anything lays them out (which would ask for
    // the resource); links get their target as tooltip.
    QList<std::pair<int, QString>> images;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QTextCharFormat format = fragment.charFormat();
            if (format.isImageFormat()) {
                const QTextImageFormat image = format.toImageFormat();
                const QString alt = image.property(QTextFormat::ImageAltText).toString();
                images.append(
                    {fragment.position(),
                     QObject::tr("[image: %1 <%2>]")
                         .arg(alt.isEmpty() ? QObject::tr("no description") : alt, image.name())});
            } else if (format.isAnchor() && format.toolTip().isEmpty()) {
                QTextCursor cursor(&document);
                cursor.setPosition(fragment.position());
                cursor.setPosition(fragment.position() + fragment.length(),
                                   QTextCursor::KeepAnchor);
                QTextCharFormat tip;
                tip.setToolTip(format.anchorHref());
                cursor.mergeCharFormat(tip);
            }
        }
    }
    for (auto it = images.crbegin(); it != images.crend(); ++it) {
        QTextCursor cursor(&document);
        cursor.setPosition(it->first);
        cursor.setPosition(it->first + 1, QTextCursor::KeepAnchor);
        QTextCharFormat plain;
        plain.setFontItalic(true);
        cursor.insertText(it->second, plain);
    }
}

} // namespace cw
