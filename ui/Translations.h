#pragma once

#include <QLocale>

class QCoreApplication;

namespace cw {

// QLocale(CW_LANGUAGE) when that is set (to try a translation without changing
// the session's locale), otherwise QLocale::system().
QLocale preferredLocale();

// Loads the workbench's own translation (embedded as :/i18n/curation-workbench_LANG.qm)
// and Qt's (qtbase_LANG.qm from Qt's translations folder, when installed) for the
// locale, and installs both on the application. English needs no translator.
// CW_LANGUAGE=de (or LANGUAGE/LC_ALL, through QLocale::system()) picks the
// language. Returns whether our translation was found for the locale.
bool installTranslations(QCoreApplication &app, const QLocale &locale = preferredLocale());

} // namespace cw
