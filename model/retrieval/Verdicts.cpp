#include "Verdicts.h"

#include "Access.h"
#include "Clock.h"
#include "Database.h"
#include "MemoryUseStore.h"
#include "Transaction.h"
#include "Vocabulary.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

Refusal verdictNotRecorded(const QString &message)
{
    return Refusal{
        Refusal::Failed,
        QCoreApplication::translate("cw::Verdicts", "nothing was recorded: %1").arg(message),
        {}};
}

bool wasCandidate(const MemoryUseRecord &use, const QString &ref, int revision)
{
    const QJsonArray candidates = QJsonDocument::fromJson(use.candidates.toUtf8()).array();
    for (const QJsonValue &c : candidates) {
        if (c[u"ref"_s].toString() == ref && c[u"revision"_s].toInt() == revision)
            return true;
    }
    return false;
}

} // namespace

Verdicts::Verdicts(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

const QStringList &Verdicts::values()
{
    static const QStringList list = names<Verdict>();
    return list;
}

Refusable<RecordedVerdict> Verdicts::record(const Actor &actor, std::int64_t memoryUseId,
                                            const QString &ref, int revision,
                                            const QString &verdict, const QString &reason)
{
    if (!parse<Verdict>(verdict))
        return Refusal::invalid(
            QCoreApplication::translate("cw::Verdicts", "a verdict is one of %1, not '%2'")
                .arg(values().join(u", "_s), verdict));
    if (reason.trimmed().isEmpty())
        return Refusal::invalid(QCoreApplication::translate(
            "cw::Verdicts", "a reason is required: say why the candidate does or does not apply"));
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return verdictNotRecorded(transaction.beginError());
    MemoryUseStore store(m_db);
    auto use = store.find(memoryUseId);
    if (!use)
        return verdictNotRecorded(use.error());
    if (auto no = Access(m_db, actor).mayJudge(memoryUseId, *use))
        return *no;
    if (!wasCandidate(**use, ref, revision))
        return Refusal::invalid(
            u"%1 r%2 was not a candidate of memory use #%3; a verdict judges what the "
            "retrieval returned"_s.arg(ref)
                .arg(revision)
                .arg(memoryUseId));
    VerdictRecord row;
    row.memoryUseId = memoryUseId;
    row.ref = ref;
    row.revision = revision;
    row.verdict = verdict;
    row.reason = reason.trimmed();
    row.principal = actor.effective.id;
    row.realPrincipal = actor.real.id;
    row.at = m_clock.nowText();
    auto id = store.addVerdict(row);
    if (!id)
        return verdictNotRecorded(id.error());
    if (auto read = store.recordRead(memoryUseId, ref, revision); !read)
        return verdictNotRecorded(read.error());
    if (auto committed = transaction.commit(); !committed)
        return verdictNotRecorded(committed.error());
    return RecordedVerdict{*id, memoryUseId, ref, revision, verdict};
}

} // namespace cw::inline retrieval
