#include "MemoryUseScrub.h"

#include "Database.h"
#include "Statement.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

MemoryUseScrub::MemoryUseScrub(const Database &db)
    : m_db(db)
{
}

QString MemoryUseScrub::scrubbedInputs()
{
    return u"{\"erased\":\"%1\"}"_s.arg(QString::fromLatin1(Marker));
}

QString MemoryUseScrub::scrubbedCandidates(const QString &candidates)
{
    // Only structure and labels survive; everything else is text that may
    // quote the request or the case.
    static const QStringList kept = {u"ref"_s,   u"revision"_s, u"kind"_s,         u"domain"_s,
                                     u"owner"_s, u"status"_s,   u"review_state"_s, u"proof_level"_s,
                                     u"score"_s, u"stages"_s,   u"tokens"_s};
    const QJsonArray in = QJsonDocument::fromJson(candidates.toUtf8()).array();
    QJsonArray out;
    for (const QJsonValue &value : in) {
        const QJsonObject c = value.toObject();
        QJsonObject structure;
        for (const QString &key : kept) {
            if (c.contains(key))
                structure.insert(key, c.value(key));
        }
        const QJsonObject applicability = c.value(u"applicability"_s).toObject();
        if (applicability.contains(u"flags"_s))
            structure.insert(u"applicability"_s,
                             QJsonObject{{u"flags"_s, applicability.value(u"flags"_s)}});
        structure.insert(u"erased"_s, QString::fromLatin1(Marker));
        out.append(structure);
    }
    return QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Compact));
}

Status MemoryUseScrub::scrub(const QList<std::int64_t> &ids)
{
    Statement read = m_db.prepare("SELECT candidates FROM memory_use WHERE id = ?1");
    Statement write =
        m_db.prepare("UPDATE memory_use SET inputs = ?2, candidates = ?3 WHERE id = ?1");
    for (std::int64_t id : ids) {
        read.bind(1, id);
        auto row = read.step();
        if (!row)
            return fail(row.error());
        if (!*row) {
            read.reset();
            continue;
        }
        const QString candidates = scrubbedCandidates(read.text(0));
        read.reset();
        write.bind(1, id).bind(2, scrubbedInputs()).bind(3, candidates);
        if (auto done = write.exec(); !done)
            return fail(done.error());
    }
    return {};
}

} // namespace cw::inline erasure
