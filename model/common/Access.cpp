#include "Access.h"

#include "Database.h"
#include "IdentityStore.h"
#include "MemoryUseStore.h"
#include "ReviewRules.h"
#include "ReviewSubject.h"
#include "Vocabulary.h"

#include <QCoreApplication>

namespace cw::inline common {

using namespace Qt::StringLiterals;

namespace {

QString roleText(QString role)
{
    return role.replace(u'_', u' ');
}

} // namespace

Access::Access(const Database &db, Actor actor)
    : m_db(db)
    , m_actor(std::move(actor))
{
}

bool Access::mayReadCase(std::int64_t caseId) const
{
    auto readable = IdentityStore(m_db).canReadCase(m_actor.effective.id, caseId);
    return readable && *readable;
}

bool Access::mayReadCase(const CaseKey &key) const
{
    if (m_actor.effective.tenants.contains(key.tenant))
        return true;
    Statement s = m_db.prepare("SELECT c.id FROM cases c JOIN grants g ON g.case_id = c.id "
                               "WHERE g.principal = ?1 AND c.tenant = ?2 AND c.source_system = ?3 "
                               "AND c.source_request = ?4");
    s.bind(1, m_actor.effective.id).bind(2, key.tenant).bind(3, key.sourceSystem);
    s.bind(4, key.sourceRequest);
    auto row = s.step();
    return row && *row;
}

std::optional<Refusal> Access::mayFilterByTenant(const QString &tenant) const
{
    if (tenant.isEmpty() || m_actor.effective.tenants.contains(tenant))
        return std::nullopt;
    const QStringList &own = m_actor.effective.tenants;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access", "%1 may filter only by its own tenants (%2); a tenant filter shows which "
                          "proposals come from that tenant")
            .arg(m_actor.effective.id, own.isEmpty()
                                           ? QCoreApplication::translate("cw::Access", "none")
                                           : own.join(u", "_s)));
}

std::optional<Refusal> Access::caseInScope(std::optional<std::int64_t> caseId, const QString &verb,
                                           const QString &subject) const
{
    if (!caseId || mayReadCase(*caseId))
        return std::nullopt;
    // The case handle is not named: the actor may not read it.
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access", "%1 may not %2 %3: its source case belongs to a tenant %1 does not read; "
                          "a principal decides only on what it may read")
            .arg(m_actor.effective.id, ReviewRules::verbText(verb), subject));
}

std::optional<Refusal> Access::mayReview(const ProposalSubject &s, const QString &verb) const
{
    if (auto no = ReviewRules::mayReview(m_actor.effective, s.article, s.proposal.id, verb))
        return no;
    return caseInScope(s.proposal.caseId, verb, s.proposal.id);
}

std::optional<Refusal> Access::mayEdit(const ProposalSubject &s) const
{
    if (auto no = ReviewRules::mayEdit(m_actor.effective, s.article, s.proposal))
        return no;
    return caseInScope(s.proposal.caseId, u"edit"_s, s.proposal.id);
}

std::optional<Refusal> Access::maySupersede(const ArticleSubject &a,
                                            const ProposalSubject &incoming) const
{
    if (auto no = ReviewRules::maySupersede(m_actor.effective, a.article))
        return no;
    if (a.active) {
        if (auto no = caseInScope(a.active->sourceCaseId, u"supersede"_s, a.article.ref))
            return no;
    }
    return caseInScope(
        incoming.proposal.caseId,
        QCoreApplication::translate("cw::Access", "supersede %1 with").arg(a.article.ref),
        incoming.proposal.id);
}

std::optional<Refusal> Access::mayRetire(const ArticleSubject &a) const
{
    if (auto no = ReviewRules::mayRetire(m_actor.effective, a.article))
        return no;
    if (!a.active)
        return std::nullopt;
    return caseInScope(a.active->sourceCaseId, u"retire"_s, a.article.ref);
}

std::optional<Refusal> Access::maySignOff(const ProposalSubject &s) const
{
    const QString other = QCoreApplication::translate("cw::Access", "the other must come from %1");
    for (const ReviewRecord &earlier : ReviewRules::currentApprovals(s.reviews)) {
        const QString missing =
            parse<Role>(earlier.role) == Role::Curator
                ? QCoreApplication::translate("cw::Access", "a domain owner of ") + s.article.domain
                : QCoreApplication::translate("cw::Access", "a curator");
        if (earlier.effectivePrincipal == m_actor.effective.id)
            return Refusal::forbidden(
                QCoreApplication::translate(
                    "cw::Access", "%1 already approved %2 as %3 at %4; one principal gives one "
                                  "sign-off, %5")
                    .arg(m_actor.effective.id, s.proposal.id, roleText(earlier.role), earlier.at,
                         other.arg(missing)));
        const QString login = signInName(m_db, m_actor.real);
        if (!earlier.login.isEmpty() && earlier.login == login &&
            earlier.principal != m_actor.real.id)
            return Refusal::forbidden(
                QCoreApplication::translate(
                    "cw::Access",
                    "the login %1 already gave the %2 sign-off of %3 at %4 (as %5); one login "
                    "gives one sign-off, whichever principal it is mapped to now: %6")
                    .arg(login, roleText(earlier.role), s.proposal.id, earlier.at,
                         earlier.effectivePrincipal,
                         other.arg(missing +
                                   QCoreApplication::translate("cw::Access", ", another person"))));
        if (earlier.principal == m_actor.real.id)
            return Refusal::forbidden(
                QCoreApplication::translate(
                    "cw::Access",
                    "%1 already gave the %2 sign-off of %3 at %4 (acting as %5); one person gives "
                    "one sign-off, even when acting as another principal: %6")
                    .arg(m_actor.real.id, roleText(earlier.role), s.proposal.id, earlier.at,
                         earlier.effectivePrincipal,
                         other.arg(missing +
                                   QCoreApplication::translate("cw::Access", ", another person"))));
    }
    return std::nullopt;
}

std::optional<Refusal> Access::mayJudge(std::int64_t memoryUseId,
                                        const std::optional<MemoryUseRecord> &use) const
{
    if (use && (use->effectivePrincipal == m_actor.effective.id ||
                m_actor.effective.hasRole(name(Role::Admin))))
        return std::nullopt;
    // Whose retrieval it was is not said: that would tell what others asked.
    return Refusal{
        Refusal::NotFound,
        QCoreApplication::translate("cw::Access", "memory use #%1 does not exist").arg(memoryUseId),
        {}};
}

bool Access::mayActAsOthers(const PrincipalRecord &real)
{
    return real.hasRole(name(Role::Admin));
}

std::optional<Refusal> Access::mayEvaluateAs(const QString &principal) const
{
    if (principal.isEmpty() || principal == m_actor.effective.id)
        return std::nullopt;
    // An admin acting as itself only: acting as ana, an admin has ana's scope
    // (as for verdicts), and nobody widens a scope through the set it runs.
    if (m_actor.real.id == m_actor.effective.id && mayActAsOthers())
        return std::nullopt;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access", "%1 may not run evaluation queries as %2: running a query as another "
                          "principal is for admins acting as themselves")
            .arg(m_actor.effective.id, principal));
}

bool Access::mayEvaluateVerdictsOf(const QString &principal) const
{
    return principal == m_actor.effective.id ||
           (m_actor.real.id == m_actor.effective.id && mayActAsOthers());
}

bool Access::analysesRetrievalByDefault(const PrincipalRecord &effective)
{
    return effective.hasRole(name(Role::Analyst));
}

bool Access::monitorsProjectionByDefault(const PrincipalRecord &effective)
{
    return effective.hasRole(name(Role::Analyst));
}

bool Access::ownsArticlesByDefault(const PrincipalRecord &effective)
{
    return !effective.domains.isEmpty();
}

std::optional<Refusal> Access::mayEraseAny() const
{
    if (!m_actor.effective.hasRole(name(Role::Admin)))
        return Refusal::forbidden(
            QCoreApplication::translate("cw::Access", "only admins may erase; %1 is not an admin")
                .arg(m_actor.effective.id));
    return std::nullopt;
}

std::optional<Refusal> Access::mayErase(const QString &tenant, const QString &subject) const
{
    if (auto no = mayEraseAny())
        return no;
    if (!m_actor.effective.tenants.contains(tenant))
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::Access", "no %1 that %2 may erase")
                           .arg(subject, m_actor.effective.id),
                       {}};
    return std::nullopt;
}

std::optional<Refusal> Access::mayApplyRetention() const
{
    if (!m_actor.effective.hasRole(name(Role::Admin)))
        return Refusal::forbidden(
            QCoreApplication::translate(
                "cw::Access", "only admins may apply or change retention; %1 is not an admin")
                .arg(m_actor.effective.id));
    return std::nullopt;
}

std::optional<Refusal> Access::mayCopyDatabase() const
{
    if (!m_actor.effective.hasRole(name(Role::Admin)))
        return Refusal::forbidden(
            QCoreApplication::translate("cw::Access",
                                        "only admins may copy a whole database; %1 is not an admin")
                .arg(m_actor.effective.id));
    return std::nullopt;
}

std::optional<Refusal> Access::mayReverify(const QString &domain, const QString &ref) const
{
    const PrincipalRecord &p = m_actor.effective;
    if (p.hasRole(name(Role::Admin)))
        return std::nullopt;
    if (p.hasRole(name(Role::DomainOwner)) && p.domains.contains(domain))
        return std::nullopt;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access", "%1 may not re-verify %2: only the owners of domain %3 and admins may")
            .arg(p.id, ref, domain));
}

Status Access::mayAdminister(const Database &db, const Actor *actor)
{
    if (actor) {
        if (actor->effective.hasRole(name(Role::Admin)))
            return {};
        return fail(QCoreApplication::translate(
                        "cw::Access", "only admins may ingest or import; %1 is not an admin")
                        .arg(actor->effective.id));
    }
    auto principals = db.queryInt("SELECT count(*) FROM principals");
    if (!principals)
        return fail(principals.error());
    if (*principals == 0)
        return {};
    return fail(QCoreApplication::translate(
        "cw::Access", "only admins may ingest or import, and no principal is mapped to "
                      "this OS user"));
}

std::optional<Refusal> Access::mayExportMemory(const Database &db, const Actor *actor)
{
    if (!actor) {
        auto principals = db.queryInt("SELECT count(*) FROM principals");
        if (!principals)
            return Refusal{Refusal::Failed, principals.error(), {}};
        if (*principals == 0)
            return std::nullopt; // bootstrap: whoever created the database
        return Refusal{Refusal::Forbidden,
                       QCoreApplication::translate(
                           "cw::Access",
                           "no principal is mapped to this OS user; only curators and admins may "
                           "export memory"),
                       {}};
    }
    const PrincipalRecord &who = actor->effective;
    if (who.hasRole(name(Role::Curator)) || who.hasRole(name(Role::Admin)))
        return std::nullopt;
    return Refusal{
        Refusal::Forbidden,
        QCoreApplication::translate(
            "cw::Access", "only curators and admins may export memory (an exported tree is read "
                          "outside the workbench, under nobody's scope); %1 is %2")
            .arg(who.id, who.roles.isEmpty()
                             ? QCoreApplication::translate("cw::Access", "without a role")
                             : who.roles.join(u", "_s)),
        {}};
}

} // namespace cw::inline common
