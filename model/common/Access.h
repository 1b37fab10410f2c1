#pragma once

#include "Identity.h"
#include "Records.h"
#include "Result.h"
#include "ReviewTypes.h"

#include <optional>

namespace cw {
class Database;
struct MemoryUseRecord;
} // namespace cw

namespace cw::inline common {

struct ArticleSubject;
struct ProposalSubject;

// The access policy: every answer to "may this actor do this to this
// subject", for every front end (CLI, GUI, export). Scope comes from the
// effective principal's roles, tenants and grants, never from the request;
// a principal decides only on what it may read. Which roles review what is
// ReviewRules; this class adds the tenant scope and the rules about people.
//
// Refusals are Forbidden and name who and why, except where saying so would
// reveal what the actor may not see: those are NotFound, the same answer as
// for something that does not exist.
class Access
{
public:
    Access(const Database &db, Actor actor);

    const Actor &actor() const { return m_actor; }

    // A case is readable when its tenant is one of the principal's tenants or
    // the principal holds a grant for it. Anything else is redacted.
    bool mayReadCase(std::int64_t caseId) const;
    bool mayReadCase(const CaseKey &key) const;
    // Filtering by tenant reveals which proposals come from it, so it is
    // limited to the principal's own tenants.
    std::optional<Refusal> mayFilterByTenant(const QString &tenant) const;

    // Review actions: the role (ReviewRules) and the tenant scope of the
    // source case(s) involved. nullopt when allowed.
    std::optional<Refusal> mayReview(const ProposalSubject &subject, const QString &verb) const;
    std::optional<Refusal> mayEdit(const ProposalSubject &subject) const;
    std::optional<Refusal> maySupersede(const ArticleSubject &article,
                                        const ProposalSubject &incoming) const;
    std::optional<Refusal> mayRetire(const ArticleSubject &article) const;
    // The two sign-offs of a revision come from two different people: two
    // different real principals as well as two different effective ones (an
    // admin acting as two principals is still one person).
    std::optional<Refusal> maySignOff(const ProposalSubject &subject) const;

    // Verdicts on a retrieval: by the principal it ran for, or an admin (as
    // itself: acting as someone, an admin has that one's scope). A memory use
    // the actor may not judge is NotFound, like a missing one.
    std::optional<Refusal> mayJudge(std::int64_t memoryUseId,
                                    const std::optional<MemoryUseRecord> &use) const;

    // Erasure and retention (issue 17): admins only, by the effective
    // principal (acting as a non-admin, an admin has that one's rights), and
    // only within the tenants the effective principal reads: a grant to one
    // case is not enough to erase it. A case or tenant outside them is
    // NotFound, the same answer as for one that does not exist.
    std::optional<Refusal> mayErase(const QString &tenant, const QString &subject) const;
    // Whether erasure is open to the actor at all (the GUI's menu entry).
    std::optional<Refusal> mayEraseAny() const;
    std::optional<Refusal> mayApplyRetention() const;
    // Copying the whole database to another backend (curation-cli copy):
    // admins only, by the effective principal. A copy holds every tenant's
    // cases and everyone's memory use, read afterwards under the target's
    // scope, not this database's.
    std::optional<Refusal> mayCopyDatabase() const;
    // Re-verifying an article whose source changed clears its source-changed
    // flag: the owners of its domain and admins.
    std::optional<Refusal> mayReverify(const QString &domain, const QString &ref) const;

    // Acting as another principal (--as, View As) is for admins, by their
    // real principal.
    static bool mayActAsOthers(const PrincipalRecord &real);
    bool mayActAsOthers() const { return mayActAsOthers(m_actor.real); }

    // An evaluation query names the principal it runs as (`as`, INTERFACES.md
    // §8). Running it as anyone but yourself is acting as that principal: for
    // admins, by their real principal, as --as is. nullopt when allowed.
    std::optional<Refusal> mayEvaluateAs(const QString &principal) const;
    // A query set built from recorded retrievals and their verdicts holds
    // other people's requests: an admin's covers everyone's, anyone else's
    // only their own (by the effective principal).
    bool mayEvaluateVerdictsOf(const QString &principal) const;

    // Whose workbench opens with the retrieval docks showing: analysts'. A
    // layout default, not a permission (every principal may open them).
    static bool analysesRetrievalByDefault(const PrincipalRecord &effective);
    // Whose workbench opens with the lag monitor showing (tabbed beside the
    // retrieval docks): analysts', who judge what search sees. A layout
    // default too.
    static bool monitorsProjectionByDefault(const PrincipalRecord &effective);
    // Whose workbench opens with the owners' view of their articles showing:
    // domain owners'. A layout default too.
    static bool ownsArticlesByDefault(const PrincipalRecord &effective);

    // Bulk writes (ingest, memory import) are for admins; a database without
    // any principal yet can be bootstrapped by whoever creates it.
    static Status mayAdminister(const Database &db, const Actor *actor);
    // Exporting memory as files is for curators and admins (by the effective
    // principal): an exported tree is read outside the workbench, under
    // nobody's scope. Like mayAdminister, a database without principals may
    // be served by whoever created it.
    static std::optional<Refusal> mayExportMemory(const Database &db, const Actor *actor);

private:
    std::optional<Refusal> caseInScope(std::optional<std::int64_t> caseId, const QString &verb,
                                       const QString &subject) const;

    const Database &m_db;
    Actor m_actor;
};

} // namespace cw::inline common
