#include "StrategyCatalog.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

QStringList strings(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &item : value.toArray())
        list.append(item.toString());
    return list;
}

} // namespace

Result<StrategyDefinition> StrategyCatalog::parse(const QJsonObject &json, const QString &origin)
{
    StrategyDefinition d;
    d.source = json;
    d.id = json.value(u"id"_s).toString();
    d.version = json.value(u"version"_s).toInt();
    if (d.id.isEmpty() || d.version <= 0)
        return fail(u"%1: a strategy needs an id and a version >= 1"_s.arg(origin));
    d.title = json.value(u"title"_s).toString(d.id);
    d.startsWith = strings(json.value(u"starts_with"_s));
    d.looksFor = json.value(u"looks_for"_s).toString();
    d.decides = json.value(u"decides"_s).toString();
    d.stages = strings(json.value(u"stages"_s));
    d.kinds = strings(json.value(u"kinds"_s));
    static const QStringList knownStages = {
        u"scope"_s,           u"exact"_s,         u"fields"_s, u"content"_s, u"cross-reference"_s,
        u"canonical-check"_s, u"applicability"_s, u"rank"_s,   u"pack"_s};
    for (const QString &stage : std::as_const(d.stages)) {
        if (!knownStages.contains(stage))
            return fail(u"%1: unknown stage '%2'"_s.arg(origin, stage));
    }
    // Scope, canonical check and packing are not optional: they carry invariants.
    for (const QString &required : {u"scope"_s, u"canonical-check"_s, u"pack"_s}) {
        if (!d.stages.contains(required))
            return fail(u"%1: stage '%2' cannot be left out"_s.arg(origin, required));
    }
    const QString domainScope = json.value(u"domain_scope"_s).toString(u"all"_s);
    if (domainScope != u"all"_s && domainScope != u"request"_s)
        return fail(u"%1: domain_scope must be 'all' or 'request'"_s.arg(origin));
    d.requestDomainOnly = domainScope == u"request"_s;
    d.includeRejectedRoutes = json.value(u"include_rejected_routes"_s).toBool();
    const QJsonObject w = json.value(u"weights"_s).toObject();
    d.weights = StrategyWeights{
        w.value(u"exact"_s).toDouble(),           w.value(u"symptom"_s).toDouble(),
        w.value(u"request_type"_s).toDouble(),    w.value(u"tag"_s).toDouble(),
        w.value(u"domain"_s).toDouble(),          w.value(u"content"_s).toDouble(),
        w.value(u"cross_reference"_s).toDouble(), w.value(u"verified"_s).toDouble(),
        w.value(u"revalidate"_s).toDouble(),      w.value(u"rejected_route"_s).toDouble(),
        w.value(u"effort_recorded"_s).toDouble()};
    d.defaultLimit = json.value(u"default_limit"_s).toInt(10);
    d.defaultBudgetTokens = json.value(u"default_budget_tokens"_s).toInt(2000);
    if (d.defaultLimit <= 0 || d.defaultBudgetTokens <= 0)
        return fail(u"%1: default_limit and default_budget_tokens must be positive"_s.arg(origin));
    return d;
}

const StrategyCatalog &StrategyCatalog::builtIn()
{
    static const StrategyCatalog catalog = [] {
        StrategyCatalog c;
        QDirIterator files(u":/cw/strategies"_s, {u"*.json"_s}, QDir::Files);
        while (files.hasNext()) {
            QFile file(files.next());
            if (!file.open(QIODevice::ReadOnly)) {
                c.m_errors.append(file.fileName() + u": cannot read"_s);
                continue;
            }
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &error);
            if (!document.isObject()) {
                c.m_errors.append(file.fileName() + u": "_s + error.errorString());
                continue;
            }
            auto parsed = parse(document.object(), file.fileName());
            if (!parsed) {
                c.m_errors.append(parsed.error());
                continue;
            }
            c.m_definitions[parsed->id][parsed->version] = *parsed;
        }
        return c;
    }();
    return catalog;
}

Result<StrategyDefinition> StrategyCatalog::find(const QString &name) const
{
    const qsizetype at = name.indexOf(u'@');
    const QString id = at < 0 ? name : name.left(at);
    const auto versions = m_definitions.constFind(id);
    if (versions == m_definitions.cend() || versions->isEmpty())
        return fail(u"unknown strategy '%1' (known: %2)"_s.arg(name, ids().join(u", "_s)));
    if (at < 0)
        return versions->last();
    bool ok = false;
    const int version = name.mid(at + 1).toInt(&ok);
    if (!ok || !versions->contains(version))
        return fail(u"unknown strategy version '%1'"_s.arg(name));
    return versions->value(version);
}

QList<StrategyDefinition> StrategyCatalog::all() const
{
    QList<StrategyDefinition> list;
    for (const auto &versions : m_definitions)
        list.append(versions.values());
    return list;
}

QStringList StrategyCatalog::ids() const
{
    return m_definitions.keys();
}

} // namespace cw::inline retrieval
