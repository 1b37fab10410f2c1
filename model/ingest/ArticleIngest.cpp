#include "ArticleIngest.h"

#include "CaseIngest.h"
#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "IngestFields.h"
#include "IngestReport.h"
#include "StoreUtil.h"
#include "VersionScope.h"
#include "Vocabulary.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace cw::inline ingest {

using namespace Qt::Literals::StringLiterals;

namespace {

constexpr auto Kinds = {"experience"_L1, "domain-article"_L1, "skill"_L1, "decision"_L1};
constexpr auto ProofLevels = {"verified"_L1, "executed"_L1, "proposed"_L1};
constexpr auto ArticleStatuses = {"active"_L1, "superseded"_L1, "retired"_L1, "rejected"_L1};
// What readClaim reads, for proposals and articles alike.
constexpr auto ClaimFields = {"title"_L1,
                              "synopsis"_L1,
                              "body"_L1,
                              "route"_L1,
                              "mechanism"_L1,
                              "method"_L1,
                              "outcome"_L1,
                              "proof_level"_L1,
                              "limits"_L1,
                              "product_scope.product"_L1,
                              "product_scope.versions"_L1,
                              "level"_L1,
                              "tags"_L1,
                              "symptom_tags"_L1,
                              "related_to"_L1,
                              "effort.active_hours"_L1,
                              "effort.waiting_hours"_L1};

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

// QJsonObject keeps its keys sorted, so the compact form of the same record is
// the same bytes whatever the key order on the line.
QByteArray digestOf(const QJsonObject &record)
{
    return QCryptographicHash::hash(QJsonDocument(record).toJson(QJsonDocument::Compact),
                                    QCryptographicHash::Sha1)
        .toHex();
}

} // namespace

ArticleIngest::ArticleIngest(const Database &db, const Clock &clock, const QString &principal,
                             IngestReport &report, CaseIngest &cases)
    : m_db(db)
    , m_clock(clock)
    , m_principal(principal)
    , m_report(report)
    , m_cases(cases)
    , m_articles(db)
    , m_proposals(db)
    , m_outbox(db)
    , m_audit(db)
    , m_ledger(db)
    // Supersedes the article's active revision (if any) and says which it was.
    , m_supersede(db.prepare("UPDATE revisions SET state = 'superseded', valid_to = ?2, "
                             "version = version + 1, updated_at = ?2, updated_by = ?3 "
                             "WHERE article_id = ?1 AND state = 'active' RETURNING revision"))
    // Any revision of the article that came through review: one proposed, or
    // one with a sign-off or decision.
    , m_reviewed(db.prepare("SELECT r.revision FROM revisions r WHERE r.article_id = ?1 AND "
                            "(EXISTS (SELECT 1 FROM proposals p WHERE p.revision_id = r.id) OR "
                            "EXISTS (SELECT 1 FROM reviews v WHERE v.revision_id = r.id)) "
                            "LIMIT 1"))
{
}

RevisionRecord ArticleIngest::readClaim(IngestFields &f, bool proofLevelRequired)
{
    RevisionRecord r;
    r.title = f.required("title"_L1);
    r.synopsis = f.optional("synopsis"_L1);
    r.body = f.optional("body"_L1);
    r.route = f.optional("route"_L1);
    r.mechanism = f.optional("mechanism"_L1);
    r.method = f.optional("method"_L1);
    r.outcome = f.optional("outcome"_L1);
    r.proofLevel = proofLevelRequired ? f.requiredEnum("proof_level"_L1, ProofLevels)
                                      : f.optionalEnum("proof_level"_L1, ProofLevels);
    r.limits = f.optional("limits"_L1);
    r.product = f.optional("product_scope.product"_L1);
    r.productVersions = f.optional("product_scope.versions"_L1);
    // A scope nobody can read would later look like "every version": refuse
    // it here, naming the token.
    if (f.ok() && !r.productVersions.isEmpty()) {
        if (auto scope = VersionScope::parse(r.productVersions); !scope)
            f.reject(u"field \"product_scope.versions\": "_s + scope.error());
    }
    r.level = f.optional("level"_L1);
    r.tags = f.list("tags"_L1);
    r.symptomTags = f.list("symptom_tags"_L1);
    r.relatedTo = f.list("related_to"_L1);
    r.effortActiveHours = f.optionalHours("effort.active_hours"_L1);
    r.effortWaitingHours = f.optionalHours("effort.waiting_hours"_L1);
    return r;
}

Result<QString> ArticleIngest::nextExperienceRef()
{
    // The number is looked up once per ingest and then counted up locally;
    // the existence check keeps it right if someone else took a number.
    if (m_nextExperience == 0) {
        auto next = m_articles.nextExperienceNumber();
        if (!next)
            return fail(next.error());
        m_nextExperience = *next;
    }
    for (;;) {
        const QString ref = u"EXP-"_s + QString::number(m_nextExperience);
        auto found = m_articles.findByRef(ref);
        if (!found)
            return fail(found.error());
        if (!*found)
            return ref;
        ++m_nextExperience;
    }
}

std::optional<ArticleIngest::Target> ArticleIngest::resolveTarget(IngestFields &f,
                                                                  const QString &ref,
                                                                  const QString &kind,
                                                                  const QString &domain)
{
    if (!f.ok())
        return std::nullopt;
    Target target;
    if (ref.isEmpty()) {
        auto next = nextExperienceRef();
        if (!next) {
            f.reject(next.error());
            return std::nullopt;
        }
        target.article.ref = *next;
    } else {
        auto found = m_articles.findByRef(ref);
        if (!found) {
            f.reject(found.error());
            return std::nullopt;
        }
        if (*found) {
            target.article = **found;
            if (!kind.isEmpty() && kind != target.article.kind)
                f.reject(u"kind \""_s + kind + u"\" does not match article "_s + ref + u" ("_s +
                         target.article.kind + u')');
            if (!domain.isEmpty() && domain != target.article.domain)
                f.reject(u"domain \""_s + domain + u"\" does not match article "_s + ref + u" ("_s +
                         target.article.domain + u')');
            return target;
        }
        target.article.ref = ref;
    }
    target.create = true;
    target.article.kind = kind.isEmpty() ? QString(name(ArticleKind::Experience)) : kind;
    target.article.domain = domain;
    if (domain.isEmpty())
        f.reject(u"missing required field \"domain\" (needed to create article "_s +
                 target.article.ref + u')');
    return target;
}

Result<bool> ArticleIngest::alreadyIngested(const QByteArray &digest)
{
    auto seen = m_ledger.contains(digest);
    if (seen && *seen)
        ++m_report.alreadyRecorded;
    return seen;
}

void ArticleIngest::checkOwner(IngestFields &f, const QString &owner, const QString &domain)
{
    if (!f.ok() || owner.isEmpty())
        return;
    auto principal = IdentityStore(m_db).principal(owner);
    if (!principal)
        return f.reject(principal.error());
    if (!*principal)
        return f.reject(u"unknown principal \""_s + owner + u"\" (owner)"_s);
    // The owner is who signs off and retires in the domain.
    if (!(*principal)->hasRole(name(Role::DomainOwner)) || !(*principal)->domains.contains(domain))
        f.reject(u"owner \""_s + owner + u"\" is not a domain owner of domain \""_s + domain +
                 u"\" (roles: "_s + (*principal)->roles.join(u", "_s) + u"; domains: "_s +
                 (*principal)->domains.join(u", "_s) + u')');
}

void ArticleIngest::checkNotReviewed(IngestFields &f, const Target &target, const QString &kind,
                                     const QString &status)
{
    // Ingest records history; it never publishes past review (invariant 3).
    if (parse<ArticleKind>(kind) == ArticleKind::Experience &&
        parse<RevisionState>(status) == RevisionState::Active)
        return f.reject(u"an active experience revision of "_s + target.article.ref +
                        u" needs a curator's and a domain owner's approval; ingest cannot "
                        u"publish it: propose a revision and review it"_s);
    if (target.create)
        return;
    m_reviewed.bind(1, target.article.id);
    auto reviewed = readOptional<int>(m_reviewed, [](const Statement &s) { return s.integer(0); });
    if (!reviewed)
        return f.reject(reviewed.error());
    if (*reviewed)
        f.reject(target.article.ref + u" has revisions that came through review (revision "_s +
                 QString::number(**reviewed) +
                 u"); ingest cannot create or replace its revisions: propose a revision and "
                 u"review it"_s);
}

Status ArticleIngest::createArticle(Target &target)
{
    auto id = m_articles.insertArticle(target.article);
    if (!id)
        return fail(id.error());
    target.article.id = *id;
    m_report.createdArticles.append(target.article.ref);
    return {};
}

QString ArticleIngest::reason() const
{
    return m_source.isEmpty() ? u"ingested"_s : u"ingested from "_s + m_source;
}

Status ArticleIngest::audit(const QString &action, const QString &subject, int revision,
                            const QJsonObject &details)
{
    AuditRecord record;
    record.at = m_clock.nowText();
    record.principal = m_cases.origin().real;
    record.effectivePrincipal = m_principal;
    record.action = action;
    record.subject = subject;
    record.revision = revision;
    record.toVersion = 1;
    record.reason = reason();
    record.details = compact(details);
    if (auto appended = m_audit.append(record); !appended)
        return fail(appended.error());
    return {};
}

Status ArticleIngest::proposal(const QJsonObject &record)
{
    IngestFields f(record, "proposal"_L1);
    // status and case_redacted are written by `export queue --format jsonl`
    // and documented as ignored here, so that an export can be ingested.
    f.refuseUnknown({"id"_L1, "case"_L1, "article"_L1, "kind"_L1, "domain"_L1, "proof_refs"_L1,
                     "proposed_by"_L1, "proposed_at"_L1, "status"_L1, "case_redacted"_L1},
                    ClaimFields);
    ProposalRecord p;
    p.id = f.requiredId("id"_L1);
    const QJsonValue caseValue = record.value("case"_L1);
    const bool hasCase = !caseValue.isUndefined() && !caseValue.isNull();
    const CaseKey key = hasCase ? f.requiredCase("case"_L1) : CaseKey{};
    const QString ref = f.optionalId("article"_L1);
    const QString kind = f.optionalEnum("kind"_L1, Kinds);
    const QString domain = f.optionalId("domain"_L1);
    RevisionRecord revision = readClaim(f, true);
    const QStringList proofRefs = f.list("proof_refs"_L1);
    p.proposedBy = f.requiredId("proposed_by"_L1);
    p.proposedAt = f.requiredTime("proposed_at"_L1);
    if (!f.ok())
        return fail(f.error());

    const QByteArray digest = digestOf(record);
    auto seen = alreadyIngested(digest);
    if (!seen || *seen)
        return seen ? Status() : fail(seen.error());
    auto existing = m_proposals.find(p.id);
    if (!existing)
        return fail(existing.error());
    if (*existing)
        return fail(u"proposal: "_s + p.id + u" was already recorded with different content"_s);

    if (hasCase) {
        auto found = m_cases.lookupCase(key);
        if (!found)
            return fail(found.error());
        if (!*found)
            return fail(u"proposal: unknown case "_s + key.toString());
        p.caseId = (*found)->id;
    } else if (!proofRefs.isEmpty()) {
        return fail(u"proposal: \"proof_refs\" name proofs of a case, but there is no \"case\""_s);
    }
    for (const QString &proofRef : proofRefs) {
        auto proof = m_cases.cases().findProof(*p.caseId, proofRef);
        if (!proof)
            return fail(proof.error());
        if (!*proof)
            return fail(u"proposal: unknown proof "_s + proofRef + u" of case "_s + key.toString());
        p.proofIds.append((*proof)->id);
    }
    std::optional<Target> target = resolveTarget(f, ref, kind, domain);
    // "article" names the article revised; a new article leaves it out, so a
    // name that does not exist is a mistake, not a request to create it.
    if (f.ok() && target->create && !ref.isEmpty())
        f.reject(u"article "_s + ref +
                 u" does not exist; a proposal for a new article leaves out \"article\""_s);
    if (f.ok())
        m_cases.knownDomain(f, target->article.domain);
    if (!f.ok())
        return fail(f.error());

    // Everything is checked; write. The claimed proof level is stored as
    // claimed: approval compares it with the proof records later.
    if (target->create) {
        target->article.createdAt = p.proposedAt;
        if (auto created = createArticle(*target); !created)
            return created;
    }
    revision.articleId = target->article.id;
    revision.state = name(RevisionState::Proposed);
    revision.sourceCaseId = p.caseId;
    revision.createdAt = p.proposedAt;
    revision.updatedAt = p.proposedAt;
    revision.updatedBy = p.proposedBy;
    auto revisionId = m_articles.insertRevision(revision);
    if (!revisionId)
        return fail(u"proposal: "_s + revisionId.error());
    p.revisionId = *revisionId;
    p.status = name(ProposalStatus::Pending);
    if (auto inserted = m_proposals.insert(p); !inserted)
        return inserted;
    const QJsonObject details{{u"article"_s, target->article.ref},
                              {u"case"_s, hasCase ? QJsonValue(key.toString()) : QJsonValue()},
                              {u"proposed_by"_s, p.proposedBy},
                              {u"proof_level"_s, revision.proofLevel}};
    if (auto audited = audit(u"ingest-proposal"_s, p.id, revision.revision, details); !audited)
        return audited;
    return m_ledger.record(digest, u"proposal "_s + p.id, m_clock.nowText());
}

Status ArticleIngest::activate(const ArticleRecord &article, RevisionRecord &revision,
                               const QString &now)
{
    // The previous active revision steps down first: at most one is active.
    m_supersede.bind(1, article.id).bind(2, now).bind(3, m_principal);
    auto previous = readOptional<int>(m_supersede, [](const Statement &s) { return s.integer(0); });
    if (!previous)
        return fail(u"article: "_s + previous.error());
    revision.validFrom = now;
    auto inserted = m_articles.insertRevision(revision);
    if (!inserted)
        return fail(u"article: "_s + inserted.error());
    QJsonObject payload{{u"kind"_s, article.kind}};
    if (*previous)
        payload.insert(u"superseded_revision"_s, **previous);
    const OutboxEvent event{0,
                            now,
                            u"revision-activated"_s,
                            article.ref,
                            revision.revision,
                            article.domain,
                            compact(payload)};
    if (auto appended = m_outbox.append(event); !appended)
        return fail(appended.error());
    return {};
}

Status ArticleIngest::recordNotCurrent(const ArticleRecord &article, RevisionRecord &revision,
                                       const QString &now)
{
    auto inserted = m_articles.insertRevision(revision);
    if (!inserted)
        return fail(u"article: "_s + inserted.error());
    // Published as not current (e.g. a rejected route), the revision is
    // projected with its label — unless the article still has a current
    // revision, which must stay the one the projection shows.
    auto active = m_articles.activeRevision(article.id);
    if (!active)
        return fail(u"article: "_s + active.error());
    if (*active)
        return {};
    const OutboxEvent event{0,
                            now,
                            u"revision-recorded"_s,
                            article.ref,
                            revision.revision,
                            article.domain,
                            compact(QJsonObject{{u"kind"_s, article.kind}})};
    if (auto appended = m_outbox.append(event); !appended)
        return fail(appended.error());
    return {};
}

Status ArticleIngest::article(const QJsonObject &record)
{
    IngestFields f(record, "article"_L1);
    f.refuseUnknown({"ref"_L1, "kind"_L1, "domain"_L1, "owner"_L1, "status"_L1}, ClaimFields);
    const QString ref = f.requiredId("ref"_L1);
    const QString kind = f.requiredEnum("kind"_L1, Kinds);
    const QString domain = f.requiredId("domain"_L1);
    const QString owner = f.optionalId("owner"_L1);
    const QString status =
        f.optionalEnum("status"_L1, ArticleStatuses, name(RevisionState::Active));
    RevisionRecord revision = readClaim(f, false);
    if (!f.ok())
        return fail(f.error());

    const QByteArray digest = digestOf(record);
    auto seen = alreadyIngested(digest);
    if (!seen || *seen)
        return seen ? Status() : fail(seen.error());
    m_cases.knownDomain(f, domain);
    checkOwner(f, owner, domain);
    std::optional<Target> target = resolveTarget(f, ref, kind, domain);
    if (f.ok())
        checkNotReviewed(f, *target, kind, status);
    if (!f.ok())
        return fail(f.error());

    const QString now = m_clock.nowText();
    if (target->create) {
        target->article.owner = owner;
        target->article.createdAt = now;
        if (auto created = createArticle(*target); !created)
            return created;
    }
    revision.articleId = target->article.id;
    revision.state = status;
    revision.createdAt = now;
    revision.updatedAt = now;
    revision.updatedBy = m_principal;
    if (parse<RevisionState>(status) == RevisionState::Active) {
        if (auto activated = activate(target->article, revision, now); !activated)
            return activated;
    } else if (auto recorded = recordNotCurrent(target->article, revision, now); !recorded) {
        return recorded;
    }
    const QJsonObject details{{u"state"_s, status}, {u"kind"_s, kind}, {u"domain"_s, domain}};
    if (auto audited = audit(u"ingest-article"_s, ref, revision.revision, details); !audited)
        return audited;
    return m_ledger.record(
        digest, u"article "_s + ref + u" revision "_s + QString::number(revision.revision), now);
}

} // namespace cw::inline ingest
