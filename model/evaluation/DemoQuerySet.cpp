#include "DemoQuerySet.h"

#include <QFile>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

Result<std::optional<SetImport>> DemoQuerySet::importInto(const Database &db, const Clock &clock,
                                                          const QString &importedBy,
                                                          const QString &path)
{
    QFile file(path);
    if (!file.exists())
        return std::optional<SetImport>();
    if (!file.open(QIODevice::ReadOnly))
        return fail(u"cannot read %1: %2"_s.arg(path, file.errorString()));
    auto imported = QuerySets(db, clock).importJsonLines(file.readAll(), importedBy);
    if (!imported)
        return fail(u"%1: %2"_s.arg(path, imported.error()));
    return std::optional(*imported);
}

} // namespace cw::inline evaluation
