#include "ReviewRules.h"

#include "Vocabulary.h"

#include <QCoreApplication>

#include <algorithm>

namespace cw::inline common {

using namespace Qt::StringLiterals;

namespace {

QString rolesText(const PrincipalRecord &p)
{
    QStringList roles = p.roles;
    for (QString &role : roles)
        role.replace(u'_', u' ');
    return roles.isEmpty() ? QCoreApplication::translate("cw::Access", "no role")
                           : roles.join(u", "_s);
}

// Why a principal with neither review role may not act, in its own terms.
QString whyNot(const PrincipalRecord &p, const ArticleRecord &a)
{
    if (p.hasRole(name(Role::DomainOwner)))
        return QCoreApplication::translate("cw::Access", "%1 owns %2, not %3")
            .arg(p.id, p.domains.join(u", "_s), a.domain);
    if (p.hasRole(name(Role::Admin)))
        return QCoreApplication::translate(
                   "cw::Access", "%1 is an admin (%2); admins administer but do not decide")
            .arg(p.id, rolesText(p));
    if (p.hasRole(name(Role::Analyst)))
        return QCoreApplication::translate("cw::Access", "%1 is an analyst; analysts never decide")
            .arg(p.id);
    return u"%1 has %2"_s.arg(p.id, rolesText(p));
}

} // namespace

QString ReviewRules::verbText(const QString &verb)
{
    // Listed for lupdate: the callers pass these words, not literals.
    [[maybe_unused]] static const char *const verbs[] = {
        QT_TRANSLATE_NOOP("cw::Access", "approve"),   QT_TRANSLATE_NOOP("cw::Access", "reject"),
        QT_TRANSLATE_NOOP("cw::Access", "return"),    QT_TRANSLATE_NOOP("cw::Access", "edit"),
        QT_TRANSLATE_NOOP("cw::Access", "supersede"), QT_TRANSLATE_NOOP("cw::Access", "retire")};
    return QCoreApplication::translate("cw::Access", verb.toUtf8().constData());
}

QStringList ReviewRules::reviewRoles(const PrincipalRecord &p, const ArticleRecord &a)
{
    QStringList roles;
    if (p.hasRole(name(Role::Curator)))
        roles.append(name(Role::Curator));
    if (p.hasRole(name(Role::DomainOwner)) && p.domains.contains(a.domain))
        roles.append(name(Role::DomainOwner));
    return roles;
}

std::optional<Refusal> ReviewRules::mayReview(const PrincipalRecord &p, const ArticleRecord &a,
                                              const QString &subject, const QString &verb)
{
    if (!reviewRoles(p, a).isEmpty())
        return std::nullopt;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access", "%1 may not %2 %3: %4; only curators and domain owners of %5 review it")
            .arg(p.id, verbText(verb), subject, whyNot(p, a), a.domain));
}

std::optional<Refusal> ReviewRules::maySupersede(const PrincipalRecord &p, const ArticleRecord &a)
{
    if (p.hasRole(name(Role::Curator)))
        return std::nullopt;
    // Not whyNot(): owning the article's domain does not help here, so the
    // reason is the missing curator role, whatever the principal's domains.
    QString why;
    if (p.hasRole(name(Role::DomainOwner)) && p.domains.contains(a.domain))
        why = QCoreApplication::translate("cw::Access", "%1 owns %2 but is not a curator")
                  .arg(p.id, a.domain);
    else if (p.hasRole(name(Role::DomainOwner)))
        why =
            QCoreApplication::translate("cw::Access", "%1 is a domain owner (of %2), not a curator")
                .arg(p.id, p.domains.isEmpty()
                               ? QCoreApplication::translate("cw::Access", "no domain")
                               : p.domains.join(u", "_s));
    else
        why = whyNot(p, a);
    return Refusal::forbidden(
        QCoreApplication::translate("cw::Access",
                                    "%1 may not supersede %2: %3; only curators supersede")
            .arg(p.id, a.ref, why));
}

std::optional<Refusal> ReviewRules::mayRetire(const PrincipalRecord &p, const ArticleRecord &a)
{
    if (!reviewRoles(p, a).isEmpty())
        return std::nullopt;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access",
            "%1 may not retire %2: %3; only curators and domain owners of %4 retire it")
            .arg(p.id, a.ref, whyNot(p, a), a.domain));
}

std::optional<Refusal> ReviewRules::mayEdit(const PrincipalRecord &p, const ArticleRecord &a,
                                            const ProposalRecord &proposal)
{
    if (!reviewRoles(p, a).isEmpty() || p.id == proposal.proposedBy)
        return std::nullopt;
    return Refusal::forbidden(
        QCoreApplication::translate(
            "cw::Access",
            "%1 may not edit %2: %3; only its proposer (%4), curators and domain owners "
            "of %5 edit it")
            .arg(p.id, proposal.id, whyNot(p, a), proposal.proposedBy, a.domain));
}

int ReviewRules::rank(const QString &proofLevel)
{
    // Proposed and anything unknown rank lowest.
    const std::optional<ProofLevel> level = parse<ProofLevel>(proofLevel);
    return level ? int(*level) : 0;
}

QString ReviewRules::supportedLevel(const QList<ProofRecord> &linked)
{
    if (linked.isEmpty())
        return name(ProofLevel::Proposed);
    for (const ProofRecord &proof : linked) {
        if (parse<ProofResult>(proof.result) == ProofResult::Verified)
            return name(ProofLevel::Verified);
    }
    return name(ProofLevel::Executed);
}

std::optional<Refusal> ReviewRules::checkProofLevel(const QString &proposalId,
                                                    const QString &claimed,
                                                    const QList<ProofRecord> &linked,
                                                    const QString &what)
{
    const QString supported = supportedLevel(linked);
    if (rank(claimed) <= rank(supported))
        return std::nullopt;
    QStringList evidence;
    for (const ProofRecord &proof : linked)
        evidence.append(u"%1 (%2)"_s.arg(proof.proofId, proof.result));
    const QString shown = evidence.isEmpty() ? u"it links no proof records"_s
                                             : u"its linked proofs are "_s + evidence.join(u", "_s);
    return Refusal{
        Refusal::Invalid,
        u"%1 %2 %3 but %4, which support at most %5; correct the proof level first"_s.arg(
            proposalId, what, claimed, shown, supported),
        {}};
}

QList<ReviewRecord> ReviewRules::approvals(const QList<ReviewRecord> &reviews)
{
    QList<ReviewRecord> result;
    for (const ReviewRecord &review : reviews) {
        if (parse<ReviewDecision>(review.decision) == ReviewDecision::Approve)
            result.append(review);
    }
    return result;
}

QList<ReviewRecord> ReviewRules::currentApprovals(const QList<ReviewRecord> &reviews)
{
    QList<ReviewRecord> result;
    for (const ReviewRecord &review : reviews) {
        if (review.isCurrentApproval())
            result.append(review);
    }
    return result;
}

QString ReviewRules::roleForApproval(const QStringList &roles, const QList<ReviewRecord> &reviews)
{
    const QList<ReviewRecord> current = currentApprovals(reviews);
    for (const QString &role : roles) {
        const bool present = std::any_of(current.begin(), current.end(),
                                         [&](const ReviewRecord &r) { return r.role == role; });
        if (!present)
            return role;
    }
    return roles.value(0);
}

bool ReviewRules::signOffsComplete(const QList<ReviewRecord> &reviews)
{
    const QList<ReviewRecord> current = currentApprovals(reviews);
    for (const ReviewRecord &curator : current) {
        if (parse<Role>(curator.role) != Role::Curator)
            continue;
        for (const ReviewRecord &owner : current) {
            // Two people: neither the same principal, nor one acting as two,
            // nor one login mapped to two principals in turn.
            if (parse<Role>(owner.role) == Role::DomainOwner &&
                owner.effectivePrincipal != curator.effectivePrincipal &&
                owner.principal != curator.principal &&
                (owner.login.isEmpty() || owner.login != curator.login))
                return true;
        }
    }
    return false;
}

QString ReviewRules::missingSignOff(const QList<ReviewRecord> &reviews, const QString &domain)
{
    if (signOffsComplete(reviews))
        return {};
    const QList<ReviewRecord> current = currentApprovals(reviews);
    const bool curator = std::any_of(current.begin(), current.end(), [](const ReviewRecord &r) {
        return parse<Role>(r.role) == Role::Curator;
    });
    if (current.isEmpty())
        return QCoreApplication::translate("cw::Access", "a curator and a domain owner of ") +
               domain;
    return curator ? QCoreApplication::translate("cw::Access", "a domain owner of ") + domain
                   : QCoreApplication::translate("cw::Access", "a curator");
}

} // namespace cw::inline common
