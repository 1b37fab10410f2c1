#include "RunSignature.h"

#include "EvaluationRecords.h"
#include "EvaluationStore.h"
#include "QuerySet.h"
#include "StrategyCatalog.h"

#include <QCryptographicHash>
#include <QJsonDocument>

#include <map>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

QString RunSignature::signature() const
{
    const QString text = u"set %1\nstrategy %2\nwatermark %3\nprojection %4\n"_s.arg(setHash)
                             .arg(strategyHash)
                             .arg(watermark)
                             .arg(projectionHash);
    return u"sha256:"_s +
           QString::fromLatin1(
               QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

QString RunSignature::hashStrategies(const QList<StrategyDefinition> &definitions)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const StrategyDefinition &d : definitions) {
        hash.addData(d.key().toUtf8());
        hash.addData(QJsonDocument(d.source).toJson(QJsonDocument::Compact));
    }
    return QString::fromLatin1(hash.result().toHex());
}

Result<QString> RunSignature::hashStrategiesOf(const QuerySet &set, const QString &runStrategy)
{
    QStringList names{runStrategy};
    if (runStrategy == QueryDefaults) {
        names.clear();
        for (const EvalQuery &q : set.queries)
            names.append(q.strategy);
    }
    std::map<QString, StrategyDefinition> definitions; // by key: each once, in order
    for (const QString &name : std::as_const(names)) {
        auto definition = StrategyCatalog::builtIn().find(name);
        if (!definition)
            return fail(definition.error());
        definitions.emplace(definition->key(), *definition);
    }
    QList<StrategyDefinition> list;
    for (const auto &[key, definition] : definitions)
        list.append(definition);
    return hashStrategies(list);
}

Result<RunSignature> RunSignature::projectionState(const Database &db)
{
    const EvaluationStore store(db);
    RunSignature s;
    auto watermark = store.watermark();
    if (!watermark)
        return fail(watermark.error());
    auto digest = store.projectionDigest();
    if (!digest)
        return fail(digest.error());
    s.watermark = *watermark;
    s.projectionHash = *digest;
    return s;
}

RunSignature RunSignature::of(const EvalRunRecord &run)
{
    return RunSignature{run.setHash, run.strategyHash, run.watermark, run.projectionHash};
}

QStringList RunSignature::drift(const RunSignature &then, const RunSignature &now)
{
    QStringList changes;
    if (then.setHash != now.setHash)
        changes.append(u"the query set changed"_s);
    if (then.strategyHash != now.strategyHash)
        changes.append(u"the strategy definition changed"_s);
    if (then.watermark != now.watermark)
        changes.append(
            u"the watermark moved from %1 to %2"_s.arg(then.watermark).arg(now.watermark));
    if (then.projectionHash != now.projectionHash)
        changes.append(u"the revisions the projection holds changed"_s);
    return changes;
}

} // namespace cw::inline evaluation
