#include "AnswerAudit.h"

#include "Database.h"
#include "EvaluationRecords.h"
#include "EvaluationStore.h"
#include "VersionScope.h"

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

int proofRank(const QString &level)
{
    if (level == u"verified"_s)
        return 3;
    if (level == u"executed"_s)
        return 2;
    if (level == u"proposed"_s)
        return 1;
    return 0;
}

// The proof level the linked proof records support (DESIGN.md §3.2): a
// verified record for verified, any record for executed, none for proposed.
// A revision without a proposal has only its own claim to go by.
QString supportedLevel(const RevisionFacts &f)
{
    if (!f.hasProposal)
        return f.proofLevel;
    if (f.verifiedLinkedProofs > 0)
        return u"verified"_s;
    return f.linkedProofs > 0 ? u"executed"_s : u"proposed"_s;
}

const Candidate *findRef(const RetrievalResult &answer, const QString &ref)
{
    for (const Candidate &c : answer.candidates)
        if (c.ref == ref)
            return &c;
    return nullptr;
}

QString key(const Candidate &c)
{
    return c.ref + u'@' + QString::number(c.revision);
}

} // namespace

std::optional<double> SeedMeasures::evidenceRecall() const
{
    if (requiredTotal == 0)
        return std::nullopt;
    return double(requiredMet) / double(requiredTotal);
}

AnswerAudit::AnswerAudit(const Database &db)
    : m_db(db)
{
}

AnswerAudit::~AnswerAudit() = default;

Result<const RevisionFacts *> AnswerAudit::facts(const QString &ref, int revision)
{
    const QString k = ref + u'@' + QString::number(revision);
    if (auto it = m_facts.constFind(k); it != m_facts.cend())
        return static_cast<const RevisionFacts *>(it->get());
    auto found = EvaluationStore(m_db).revisionFacts(ref, revision);
    if (!found)
        return fail(found.error());
    auto stored = *found ? std::make_shared<RevisionFacts>(**found) : nullptr;
    m_facts.insert(k, stored);
    return static_cast<const RevisionFacts *>(stored.get());
}

Result<bool> AnswerAudit::reads(const QString &principal, std::int64_t caseId)
{
    const QString k = principal + u'\n' + QString::number(caseId);
    if (auto it = m_reads.constFind(k); it != m_reads.cend())
        return *it;
    auto readable = EvaluationStore(m_db).principalReadsCase(principal, caseId);
    if (!readable)
        return fail(readable.error());
    m_reads.insert(k, *readable);
    return *readable;
}

Result<SeedMeasures> AnswerAudit::measure(const Query &q, const RetrievalResult &answer)
{
    SeedMeasures m;
    m.tokens = answer.usedTokens;
    for (const Candidate &c : answer.candidates) {
        auto f = facts(c.ref, c.revision);
        if (!f)
            return fail(f.error());
        const RevisionFacts *facts = *f;
        if (!facts) {
            ++m.stale;
            m.findings.append(u"%1: no such revision in canonical state"_s.arg(key(c)));
            continue;
        }
        // unauthorised: a source case the principal may not read, shown.
        if (facts->sourceCaseId && (!c.sourceCaseRedacted || !c.sourceCase.isEmpty())) {
            auto readable = reads(q.principal, *facts->sourceCaseId);
            if (!readable)
                return fail(readable.error());
            if (!*readable) {
                ++m.unauthorised;
                m.findings.append(
                    u"%1: source case shown unredacted to %2, who may not read it"_s.arg(
                        key(c), q.principal));
            }
        }
        // stale: not the active revision, its source changed since it was
        // verified, or out of scope without revalidate.
        const bool labelledRejected =
            facts->state == u"rejected"_s && c.flags.contains(u"rejected-route"_s);
        if (!q.asOf && facts->state != u"active"_s && !labelledRejected) {
            ++m.stale;
            m.findings.append(u"%1: canonical state is %2, not active"_s.arg(key(c), facts->state));
        } else if (facts->sourceChanged) {
            ++m.stale;
            m.findings.append(
                u"%1: its source case changed and no owner has re-verified it"_s.arg(key(c)));
        } else if (!q.version.isEmpty() && !facts->productVersions.isEmpty() &&
                   !c.flags.contains(u"revalidate"_s)) {
            const bool otherProduct =
                !q.product.isEmpty() && !facts->product.isEmpty() && facts->product != q.product;
            if (otherProduct || VersionScope::check(facts->productVersions, q.version) !=
                                    VersionScope::Verdict::Covered) {
                ++m.stale;
                m.findings.append(
                    u"%1: scope %2 %3 does not cover %4 %5 and carries no "
                    "revalidate flag"_s
                        .arg(key(c), facts->product, facts->productVersions, q.product, q.version)
                        .simplified());
            }
        }
        // unsupported: above what the proof records support, or a rejected or
        // unverified one without its label.
        const QString supported = supportedLevel(*facts);
        QString why;
        if (!c.proofLevel.isEmpty() && (proofRank(c.proofLevel) > proofRank(supported) ||
                                        proofRank(c.proofLevel) > proofRank(facts->proofLevel)))
            why = u"presented as %1, its proof records support %2"_s.arg(c.proofLevel, supported);
        else if ((facts->state == u"rejected"_s || facts->proposalRejected) &&
                 !c.flags.contains(u"rejected-route"_s))
            why = u"a rejected route without the rejected-route flag"_s;
        else if (!facts->proofLevel.isEmpty() && supported != u"verified"_s &&
                 !c.flags.contains(u"unverified"_s))
            why = u"proof level %1 without the unverified flag"_s.arg(supported);
        if (!why.isEmpty()) {
            ++m.unsupported;
            m.findings.append(key(c) + u": "_s + why);
        }
    }
    // Exact matches name cases outright: every one must be readable.
    for (const ExactMatch &e : answer.exactMatches) {
        const QStringList parts = e.caseKey.split(u'/');
        if (parts.size() != 3)
            continue;
        auto id = EvaluationStore(m_db).caseId(parts.at(0), parts.at(1), parts.at(2));
        if (!id)
            return fail(id.error());
        if (!*id)
            continue;
        auto readable = reads(q.principal, **id);
        if (!readable)
            return fail(readable.error());
        if (!*readable) {
            ++m.unauthorised;
            m.findings.append(
                // Not named: whoever reads the run may not read that case either.
                u"an exact match (%1) on a case %2 may not read was shown"_s.arg(e.relation,
                                                                                 q.principal));
        }
    }
    for (const ForbiddenRef &f : q.forbidden) {
        if (!findRef(answer, f.ref))
            continue;
        m.findings.append(u"%1 is forbidden here (%2) and was returned"_s.arg(f.ref, f.why));
        if (f.why == u"unauthorised"_s)
            ++m.unauthorised;
        else if (f.why == u"retired"_s || f.why == u"superseded"_s || f.why == u"stale"_s)
            ++m.stale;
    }
    m.requiredTotal = int(q.required.size());
    for (const RequiredFact &r : q.required) {
        const Candidate *c = findRef(answer, r.ref);
        if (c && (r.flag.isEmpty() || c->flags.contains(r.flag))) {
            ++m.requiredMet;
            continue;
        }
        if (c)
            continue;
        for (const DroppedCandidate &d : answer.dropped) {
            if (d.ref == r.ref && d.reason.startsWith(u"over the token budget"_s)) {
                ++m.packingLoss;
                m.findings.append(
                    u"required %1 was found and dropped for the token budget"_s.arg(r.ref));
                break;
            }
        }
    }
    return m;
}

} // namespace cw::inline evaluation
