#include "ProofHighlighting.h"

#include "Theme.h"

#include <QFontDatabase>
#include <QPalette>
#include <QPlainTextEdit>

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace cw::ProofHighlighting {

namespace {

#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
// Loading the definitions is expensive; one repository for the process.
KSyntaxHighlighting::Repository &repository()
{
    static KSyntaxHighlighting::Repository repo;
    return repo;
}
#endif

} // namespace

bool available()
{
#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
    return true;
#else
    return false;
#endif
}

QString definitionName(const QString &contentType)
{
    const QString type = contentType.toLower();
    if (type == QLatin1String("sql"))
        return QStringLiteral("SQL");
    if (type == QLatin1String("json"))
        return QStringLiteral("JSON");
    if (type == QLatin1String("yaml") || type == QLatin1String("yml"))
        return QStringLiteral("YAML");
    if (type == QLatin1String("markdown") || type == QLatin1String("md"))
        return QStringLiteral("Markdown");
    if (type == QLatin1String("log"))
        return QStringLiteral("Log File (simplified)");
    return {};
}

void apply(QPlainTextEdit *editor, const QString &contentType)
{
    editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
#ifdef CW_HAVE_SYNTAX_HIGHLIGHTING
    const QString name = definitionName(contentType);
    if (name.isEmpty())
        return;
    auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(editor->document());
    highlighter->setDefinition(repository().definitionForName(name));
    highlighter->setTheme(repository().defaultTheme(
        Theme::isDark(editor->palette()) ? KSyntaxHighlighting::Repository::DarkTheme
                                         : KSyntaxHighlighting::Repository::LightTheme));
    highlighter->rehighlight();
#else
    Q_UNUSED(contentType)
#endif
}

} // namespace cw::ProofHighlighting
