#include "RetrievalEngine.h"

#include "Access.h"
#include "CandidateChecks.h"
#include "CandidateSources.h"
#include "Clock.h"
#include "ContentSearch.h"
#include "Database.h"
#include "LagMonitor.h"
#include "MatchExcerpts.h"
#include "MemoryUseStore.h"
#include "Ranking.h"
#include "ReadTransaction.h"
#include "RetrievalJson.h"
#include "TokenBudget.h"
#include "Transaction.h"
#include "Vocabulary.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline retrieval {

using namespace Qt::StringLiterals;

namespace {

constexpr int CrossReferenceSeeds = 10;

} // namespace

RetrievalEngine::RetrievalEngine(const Database &db, const Clock &clock, FileMap map)
    : m_db(db)
    , m_clock(clock)
{
    // A retrieval reads scattered pages of a large file (doclists, keys,
    // candidate rows): mapped, they are read in place instead of copied
    // through a read() call each. SQLite maps from the start of the file:
    // Bounded maps the first 64 MB, so a small database is mapped whole and
    // a large one reads most pages through read() and the page cache, which
    // keeps the workbench's resident size flat however long it runs
    // (bench_guirss). SQLite caps Whole at its own limit (2 GB by default).
    // A failure only leaves the connection as it was.
    //
    // The memory-use commit never runs a WAL checkpoint (it was the
    // retrieval's tail: 8-29 ms against a 0.24 ms median): this connection
    // does not checkpoint on commit, checkpointIfGrown() does, off the
    // retrieval's path. A server has neither (and a PRAGMA it cannot parse
    // would abort the transaction the engine is made in).
    if (m_db.isServer())
        return;
    (void)m_db.execScript(map == FileMap::Whole ? "PRAGMA mmap_size=1099511627776;"
                                                : "PRAGMA mmap_size=67108864;");
    (void)m_db.execScript("PRAGMA wal_autocheckpoint=0;");
}

bool RetrievalEngine::checkpointIfGrown()
{
    // SQLite's own automatic checkpoint starts at 1,000 pages (4 MB); the
    // file's size is one stat(), the checkpoint PASSIVE: it copies what no
    // reader still needs and never waits for a lock.
    constexpr qint64 Threshold = qint64(4) << 20;
    if (m_db.isServer())
        return false; // the server checkpoints on its own
    if (QFileInfo(m_db.path() + u"-wal"_s).size() < Threshold)
        return false;
    return bool(m_db.execScript("PRAGMA wal_checkpoint(PASSIVE)"));
}

Result<EffectiveRequest>
RetrievalEngine::prepare(const Actor &actor, const RetrievalRequest &request, QStringList &notes)
{
    auto strategy = StrategyCatalog::builtIn().find(request.strategy);
    if (!strategy)
        return fail(strategy.error());
    EffectiveRequest e;
    e.request = request;
    e.strategy = *strategy;
    e.principal = actor.effective.id;
    e.symptoms = request.symptoms;
    e.tags = request.tags;
    e.product = request.product;
    e.productVersion = request.productVersion;
    e.limit = request.limit > 0 ? request.limit : strategy->defaultLimit;
    e.budget = request.budgetTokens > 0 ? request.budgetTokens : strategy->defaultBudgetTokens;
    if (!request.minProof.isEmpty() && !parse<ProofLevel>(request.minProof))
        return fail(u"minimum proof must be verified, executed or proposed, not '%1'"_s.arg(
            request.minProof));
    if (request.asOf.isValid()) {
        e.asOf = true;
        e.asOfText = Clock::format(request.asOf);
        notes.append(u"as of %1: answered from the revisions current then (canonical validity "
                     "intervals), not from the index"_s.arg(e.asOfText));
    }
    if (!request.caseRef.isEmpty()) {
        const auto key = CaseKey::parse(request.caseRef);
        if (!key)
            return fail(u"--case must be tenant/source_system/source_request, not '%1'"_s.arg(
                request.caseRef));
        // The current case fills in what the request leaves out — only when
        // the principal may read it; otherwise it is as if it did not exist.
        Statement s =
            m_db.prepare("SELECT id, request_type, symptom_tags, product, product_version "
                         "FROM cases WHERE tenant = ?1 AND source_system = ?2 AND "
                         "source_request = ?3");
        s.bind(1, key->tenant).bind(2, key->sourceSystem).bind(3, key->sourceRequest);
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (*row && Access(m_db, actor).mayReadCase(s.int64(0))) {
            e.caseId = s.int64(0);
            e.requestType = s.text(1);
            if (e.symptoms.isEmpty())
                e.symptoms = s.textList(2);
            if (e.product.isEmpty())
                e.product = s.text(3);
            if (e.productVersion.isEmpty())
                e.productVersion = s.text(4);
        } else {
            notes.append(u"case %1 is not visible to %2; searched without it"_s.arg(request.caseRef,
                                                                                    e.principal));
        }
    }
    if (strategy->requestDomainOnly)
        e.domain = request.domain;
    else if (!request.domain.isEmpty())
        notes.append(u"%1 searches all domains; %2 only adds to the score"_s.arg(strategy->key(),
                                                                                 request.domain));
    return e;
}

Status RetrievalEngine::readLag(const ReadTransaction &snapshot, RetrievalResult &result)
{
    auto lag = LagMonitor(m_db, m_clock).headline(snapshot);
    if (!lag)
        return fail(lag.error());
    result.watermark = lag->watermark;
    result.canonicalHead = lag->canonicalHead;
    result.lagEvents = lag->lagEvents;
    if (lag->lagEvents > 0)
        result.laggingSources.append(
            u"projection is %1 event(s) behind canonical; oldest %2 s"_s.arg(lag->lagEvents)
                .arg(qint64(lag->oldestPendingAgeS))); // whole seconds, as always shown here
    return {};
}

Result<RetrievalResult> RetrievalEngine::run(const Actor &actor, const RetrievalRequest &request)
{
    RetrievalResult result;
    QElapsedTimer stageTimer;
    stageTimer.start();
    const auto lap = [&](const QString &stage) {
        result.stageMillis.append({stage, double(stageTimer.nsecsElapsed()) / 1e6});
        stageTimer.restart();
    };
    result.realPrincipal = actor.real.id;
    result.effectivePrincipal = actor.effective.id;
    {
        // One snapshot for every stage: counts, candidates and lag agree.
        ReadTransaction snapshot(m_db);
        if (!snapshot.isActive())
            return fail(snapshot.beginError());
        auto prepared = prepare(actor, request, result.notes);
        if (!prepared)
            return fail(prepared.error());
        EffectiveRequest &e = *prepared;
        result.strategy = e.strategy.key();
        if (auto lag = readLag(snapshot, result); !lag)
            return fail(lag.error());
        e.watermark = result.watermark;
        lap(u"scope"_s);

        HitMap hits;
        CandidateSources sources(m_db, e, m_termCounts);
        const StrategyDefinition &s = e.strategy;
        if (s.runs(u"exact"_s)) {
            if (auto done = sources.exact(result.exactMatches, hits); !done)
                return fail(done.error());
            lap(u"exact"_s);
        }
        if (s.runs(u"fields"_s)) {
            if (auto done = sources.fields(hits); !done)
                return fail(done.error());
            lap(u"fields"_s);
        }
        if (s.runs(u"content"_s)) {
            if (auto done = sources.content(hits); !done)
                return fail(done.error());
            lap(u"content"_s);
        }
        result.notes.append(sources.contentNotes());
        if (s.runs(u"cross-reference"_s)) {
            if (auto done = sources.crossReferences(hits, CrossReferenceSeeds); !done)
                return fail(done.error());
            lap(u"cross-reference"_s);
        }
        const Access access(m_db, actor);
        CandidateChecks checks(m_db, e, access);
        if (auto done = checks.canonicalCheck(hits, result.dropped); !done)
            return fail(done.error());
        lap(u"canonical"_s);
        if (s.runs(u"applicability"_s))
            checks.applicability(hits, result.dropped);
        checks.redactSourceCases(hits);
        if (auto flagged = checks.flagSourceChanges(hits); !flagged)
            return fail(flagged.error());
        result.candidates = Ranking::rank(hits, e);
        result.budgetTokens = e.budget;
        const ContentSearch search(m_db, m_termCounts);
        MatchExcerpts excerpts(search, sources.contentMatch(), hits);
        if (auto read = excerpts.readAhead(result.candidates, e.limit); !read)
            return fail(read.error());
        Status completed;
        TokenBudget::OverBudget overBudget;
        result.usedTokens = TokenBudget::pack(
            result.candidates, e.budget, e.limit, result.dropped,
            [&](Candidate &c) {
                if (completed)
                    completed = excerpts.complete(c);
            },
            &overBudget);
        if (!completed)
            return fail(completed.error());
        lap(u"rank-and-pack"_s);
        // Hits that were all turned away for size are not "no hits": say so.
        if (result.candidates.isEmpty() && overBudget.count > 0)
            result.notes.append(
                u"the token budget of %1 dropped all %2 hit(s) that passed the checks (the "
                "smallest needs %3 tokens); raise --budget-tokens"_s.arg(e.budget)
                    .arg(overBudget.count)
                    .arg(overBudget.smallestNeeded));
        else if (result.candidates.isEmpty())
            result.notes.append(
                result.lagEvents > 0
                    ? u"no indexed hits at watermark %1 (%2 event(s) not yet indexed)"_s
                          .arg(result.watermark)
                          .arg(result.lagEvents)
                    : u"no indexed hits at watermark %1"_s.arg(result.watermark));
        snapshot.end();
        if (m_recordsMemoryUse) {
            if (auto recorded = record(actor, e, result); !recorded)
                return fail(recorded.error());
            lap(u"memory-use"_s);
        }
    }
    return result;
}

Status RetrievalEngine::record(const Actor &actor, const EffectiveRequest &e,
                               RetrievalResult &result)
{
    QJsonArray candidates;
    for (const Candidate &c : std::as_const(result.candidates))
        candidates.append(RetrievalJson::candidate(c));
    MemoryUseRecord record;
    record.at = m_clock.nowText();
    record.strategy = e.strategy.id;
    record.strategyVersion = e.strategy.version;
    record.principal = actor.real.id;
    record.effectivePrincipal = actor.effective.id;
    record.inputs = QString::fromUtf8(
        QJsonDocument(RetrievalJson::request(e.request)).toJson(QJsonDocument::Compact));
    record.watermark = result.watermark;
    record.canonicalHead = result.canonicalHead;
    record.candidates = QString::fromUtf8(QJsonDocument(candidates).toJson(QJsonDocument::Compact));
    // A record of a read, not a canonical change: it need not wait for the
    // disk (the fsync was most of a retrieval's time). See Transaction.
    Transaction transaction(m_db, Transaction::Durability::Relaxed);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    auto id = MemoryUseStore(m_db).insert(record);
    if (!id)
        return fail(id.error());
    // The common words this run counted, for the next process (a cold CLI).
    if (auto saved = m_termCounts.save(m_db); !saved)
        return fail(saved.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    result.memoryUseId = *id;
    result.recordedCandidates = candidates;
    return {};
}

} // namespace cw::inline retrieval
