#include "VerdictJudgments.h"

#include "Access.h"
#include "Database.h"
#include "EvaluationStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

// The recorded request as query fields: what the parser would accept
// (no empty lists, no zero limits: those are the engine's defaults).
QJsonObject fieldsOf(const QString &inputs)
{
    QJsonObject fields;
    const QJsonObject request = QJsonDocument::fromJson(inputs.toUtf8()).object();
    for (auto it = request.begin(); it != request.end(); ++it) {
        const QJsonValue &v = *it;
        if (it.key() == u"strategy"_s)
            continue;
        if ((v.isString() && v.toString().isEmpty()) || (v.isArray() && v.toArray().isEmpty()) ||
            (v.isDouble() && v.toDouble() <= 0) || v.isNull())
            continue;
        fields[it.key()] = v;
    }
    return fields;
}

} // namespace

VerdictJudgments::VerdictJudgments(const Database &db, Actor actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

int VerdictJudgments::gradeOf(const QString &verdict)
{
    if (verdict == u"applies"_s)
        return 2;
    if (verdict == u"needs-check"_s)
        return 1;
    return 0;
}

Result<QuerySet> VerdictJudgments::build(const QString &since, const QString &name) const
{
    auto uses = EvaluationStore(m_db).judgedUses(since);
    if (!uses)
        return fail(uses.error());
    const Access access(m_db, m_actor);
    QuerySet set;
    set.id = name.isEmpty() ? u"verdicts"_s : name;
    set.name = since.isEmpty() ? u"Retrievals with verdicts"_s
                               : u"Retrievals with verdicts since %1"_s.arg(since);
    for (const JudgedUse &use : std::as_const(*uses)) {
        if (!access.mayEvaluateVerdictsOf(use.effectivePrincipal))
            continue;
        EvalQuery q;
        q.id = u"mu-%1"_s.arg(use.memoryUseId); // what ProvenanceScope recognises
        q.as = use.effectivePrincipal;
        q.strategy = use.strategy + u'@' + QString::number(use.strategyVersion);
        q.fields = fieldsOf(use.inputs);
        set.queries.append(q);
        QMap<std::pair<QString, int>, QString> latest; // in verdict order: the last wins
        for (const JudgedUse::Verdict &v : use.verdicts)
            latest[{v.ref, v.revision}] = v.verdict;
        for (auto it = latest.cbegin(); it != latest.cend(); ++it)
            set.judgments.append({q.id, it.key().first, it.key().second, gradeOf(it.value())});
    }
    if (set.queries.isEmpty())
        return fail(since.isEmpty()
                        ? u"no recorded retrieval of yours has a verdict yet"_s
                        : u"no recorded retrieval of yours has a verdict since %1"_s.arg(since));
    return set;
}

} // namespace cw::inline evaluation
