#include "RunHistory.h"

#include "Database.h"
#include "EvaluationStore.h"
#include "ProvenanceScope.h"
#include "QuerySet.h"

#include <QHash>
#include <QJsonDocument>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

RunHistory::RunHistory(const Database &db, const Actor *reader)
    : m_db(db)
    , m_reader(reader)
{
}

Result<QList<RunStatus>> RunHistory::list(const QString &setId) const
{
    const EvaluationStore store(m_db);
    auto records = store.runs(setId);
    if (!records)
        return fail(records.error());
    auto now = RunSignature::projectionState(m_db);
    if (!now)
        return fail(now.error());
    QHash<QString, std::optional<EvalSetRecord>> sets;
    QList<RunStatus> list;
    for (const EvalRunRecord &record : std::as_const(*records)) {
        auto run = EvalRun::fromRecord(record);
        if (!run)
            return fail(run.error());
        if (!sets.contains(record.setId)) {
            auto set = store.findSet(record.setId);
            if (!set)
                return fail(set.error());
            sets.insert(record.setId, *set);
        }
        RunSignature current = *now;
        const auto &set = sets.value(record.setId);
        if (set) {
            current.setHash = set->contentHash;
            auto parsed =
                QuerySet::fromJson(QJsonDocument::fromJson(set->content.toUtf8()).object());
            auto hash = parsed ? RunSignature::hashStrategiesOf(*parsed, record.strategy)
                               : Result<QString>(fail(parsed.error()));
            // A strategy that no longer exists has changed, certainly.
            current.strategyHash = hash ? *hash : u"(gone: %1)"_s.arg(hash.error());
        }
        list.append(
            {ProvenanceScope(m_db, m_reader).seen(*run), RunSignature::drift(run->parts, current)});
    }
    return list;
}

Result<std::optional<EvalRun>> RunHistory::load(std::int64_t id) const
{
    auto record = EvaluationStore(m_db).findRun(id);
    if (!record)
        return fail(record.error());
    if (!*record)
        return std::optional<EvalRun>();
    auto run = EvalRun::fromRecord(**record);
    if (!run)
        return fail(run.error());
    return std::optional(ProvenanceScope(m_db, m_reader).seen(*run));
}

} // namespace cw::inline evaluation
