#pragma once

#include "Result.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QStringList>

namespace cw::inline retrieval {

// Ranking weights of a strategy: each names what a candidate earns (or
// loses) for one kind of evidence. The formula is documented in Ranking.
struct StrategyWeights
{
    double exact = 0;          // explicit ref or same-case proposal
    double symptom = 0;        // per shared symptom tag
    double requestType = 0;    // route matches the case's request type
    double tag = 0;            // per shared tag
    double domain = 0;         // same domain as the request
    double content = 0;        // scaled full-text relevance (0..1 after normalisation)
    double crossReference = 0; // related_to / mention at depth 1
    double verified = 0;       // proof level verified
    double revalidate = 0;     // scope does not cover the request's version
    double rejectedRoute = 0;  // a rejected route (kept only to inform)
    double effortRecorded = 0; // the source recorded active/waiting effort
};

// One versioned retrieval strategy, loaded from resources/strategies/ID@N.json.
// A definition is data: listing and inspecting it needs no code; changing
// one means adding ID@N+1.
struct StrategyDefinition
{
    QString id;
    int version = 0;
    QString title;
    QStringList startsWith;
    QString looksFor;
    QString decides;
    QStringList stages;
    QStringList kinds;
    bool requestDomainOnly = false; // domain_scope "request" vs "all"
    bool includeRejectedRoutes = false;
    StrategyWeights weights;
    int defaultLimit = 10;
    int defaultBudgetTokens = 2000;
    QJsonObject source; // the definition as written

    QString key() const { return id + u'@' + QString::number(version); }
    bool runs(const QString &stage) const { return stages.contains(stage); }
};

class StrategyCatalog
{
public:
    // The definitions shipped in the resources.
    static const StrategyCatalog &builtIn();
    static Result<StrategyDefinition> parse(const QJsonObject &json, const QString &origin);

    // "root-classification" (latest version) or "root-classification@1".
    Result<StrategyDefinition> find(const QString &name) const;
    QList<StrategyDefinition> all() const; // every version, ordered by id then version
    QStringList ids() const;
    const QStringList &loadErrors() const { return m_errors; }

private:
    QMap<QString, QMap<int, StrategyDefinition>> m_definitions;
    QStringList m_errors;
};

} // namespace cw::inline retrieval
