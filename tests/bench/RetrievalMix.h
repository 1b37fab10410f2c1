#pragma once

// The retrieval requests bench_retrieval and bench_mcp time: every strategy
// in turn, a third of the texts hard (words found in tens of thousands of
// records), the rest titles of revisions; a symptom and a case each. The mix
// is the same in every run on the same database: the titles are drawn by
// revision id from a seeded generator, not by SQLite's random(), whose
// unseeded sample moved p50 by half from one run to the next.

#include "Database.h"
#include "RetrievalEngine.h"
#include "Statement.h"

#include <QStringList>

#include <random>
#include <vector>

namespace cw::bench {

// The strategies, taken in turn.
inline QStringList mixStrategies()
{
    using namespace Qt::StringLiterals;
    return {u"root-classification"_s, u"data-investigation"_s, u"configuration"_s, u"development"_s,
            u"effort-assessment"_s};
}

// The hard texts: words found in tens of thousands of records at 1M cases.
inline QStringList mixHardTexts()
{
    using namespace Qt::StringLiterals;
    return {u"register row missing after period close"_s,
            u"renewal batch family member"_s,
            u"stale template letterhead printing"_s,
            u"numeric parser broker feed"_s,
            u"premium tariff factor cover"_s,
            u"migration backup restore ledger"_s};
}

// seed: another seed draws another mix of the same kind (a warm-up that
// does not read exactly the rows the measured mix reads).
inline std::vector<RetrievalRequest> retrievalMix(const Database &db, int queries,
                                                  std::uint64_t seed = 7)
{
    using namespace Qt::StringLiterals;
    const QStringList strategies = mixStrategies();
    const QStringList texts = mixHardTexts();
    const QStringList symptoms = {u"missing-register"_s, u"stale-template"_s, u"wrong-premium"_s,
                                  u"missing-register-row"_s, u"delayed-renewal"_s};
    const auto caseCount = db.queryInt("SELECT count(*) FROM cases");
    const auto revisionMax = db.queryInt("SELECT coalesce(max(id), 0) FROM revisions");
    const qint64 cases = caseCount ? qMax<qint64>(*caseCount, 1) : 1;
    const qint64 lastRevision = revisionMax ? *revisionMax : 0;

    std::mt19937_64 random(seed);
    QStringList titles;
    if (lastRevision > 0) {
        Statement title = db.prepare("SELECT title FROM revisions WHERE id = ?1");
        for (int tries = 0; titles.size() < 400 && tries < 4000; ++tries) {
            title.bind(1, std::int64_t(random() % quint64(lastRevision)) + 1);
            if (auto row = title.step(); row && *row)
                titles.append(title.text(0));
            title.reset();
        }
    }
    std::vector<RetrievalRequest> requests;
    for (int i = 0; i < queries; ++i) {
        RetrievalRequest r;
        r.strategy = strategies[i % strategies.size()];
        r.text = i % 3 == 0 || titles.isEmpty() ? texts[qsizetype(random() % texts.size())]
                                                : titles[qsizetype(random() % titles.size())];
        r.domain = u"data"_s;
        r.product = u"lifeline"_s;
        r.productVersion = u"5.1"_s;
        r.limit = 10;
        r.symptoms = {symptoms[qsizetype(random() % symptoms.size())]};
        r.caseRef = u"studio/servicedesk/GEN-%1"_s.arg(qint64(random() % quint64(cases)) / 4 * 4);
        requests.push_back(r);
    }
    return requests;
}

} // namespace cw::bench
