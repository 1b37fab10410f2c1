#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace cw {

QLocale preferredLocale()
{
    const QString forced = qEnvironmentVariable("CW_LANGUAGE");
    return forced.isEmpty() ? QLocale::system() : QLocale(forced);
}

bool installTranslations(QCoreApplication &app, const QLocale &locale)
{
    // Qt's own strings (the buttons of standard dialogs, context menus): best
    // effort, the Debian package qt6-translations-l10n provides them.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;

    // Ours are compiled into the binary (qt_add_translations, RESOURCE_PREFIX
    // /i18n): no install path to look up, the Debian package works as built.
    auto *own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("curation-workbench"), QStringLiteral("_"),
                  QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        return true;
    }
    delete own;
    return false;
}

} // namespace cw
