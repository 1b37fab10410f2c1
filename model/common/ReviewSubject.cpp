#include "ReviewSubject.h"

#include "ArticleStore.h"
#include "Database.h"
#include "ProposalStore.h"
#include "ReviewStore.h"
#include "StoreUtil.h"

namespace cw::inline common {

using namespace Qt::StringLiterals;

namespace {

Refusal failed(const QString &message)
{
    return Refusal{Refusal::Failed, message, {}};
}

// How an audit action reads in "dora approved it".
QString verbOf(const QString &action)
{
    static const QList<std::pair<QLatin1StringView, QString>> verbs{
        {"approve"_L1, u"approved it"_s},       {"reject"_L1, u"rejected it"_s},
        {"return"_L1, u"returned it"_s},        {"edit"_L1, u"edited it"_s},
        {"supersede"_L1, u"superseded it"_s},   {"publish"_L1, u"published it"_s},
        {"retire"_L1, u"retired it"_s},         {"ingest-proposal"_L1, u"ingested it"_s},
        {"ingest-article"_L1, u"ingested it"_s}};
    for (const auto &[action_, verb] : verbs) {
        if (action == action_)
            return verb;
    }
    return u"changed it ("_s + action + u')';
}

} // namespace

ReviewSubjects::ReviewSubjects(const Database &db)
    : m_db(db)
{
}

Result<QList<ReviewRecord>> ReviewSubjects::reviews(std::int64_t revisionId)
{
    return ReviewStore(m_db).forRevision(revisionId);
}

Refusable<ProposalSubject> ReviewSubjects::proposal(const QString &id)
{
    auto proposal = ProposalStore(m_db).find(id);
    if (!proposal)
        return failed(proposal.error());
    if (!*proposal)
        return Refusal{Refusal::NotFound, u"no proposal %1"_s.arg(id), {}};
    ProposalSubject subject;
    subject.proposal = **proposal;
    ArticleStore articles(m_db);
    auto revision = articles.revision(subject.proposal.revisionId);
    if (!revision || !*revision)
        return failed(revision ? u"proposal %1 has no revision"_s.arg(id) : revision.error());
    subject.revision = **revision;
    auto article = articles.findById(subject.revision.articleId);
    if (!article || !*article)
        return failed(article ? u"proposal %1 has no article"_s.arg(id) : article.error());
    subject.article = **article;
    // One join instead of a CaseStore: a decision needs the claimed proofs'
    // results, not their content, and this runs inside the write lock.
    if (!subject.proposal.proofIds.isEmpty()) {
        Statement s = m_db.prepare(
            "SELECT pr.id, pr.case_id, pr.proof_id, pr.kind, pr.title, pr.content_type, "
            "pr.result, pr.captured_at FROM proposal_proofs pp JOIN proof_records pr ON pr.id = "
            "pp.proof_id WHERE pp.proposal_id = ?1 ORDER BY pr.proof_id");
        s.bind(1, id);
        auto proofs = readAll<ProofRecord>(s, [](const Statement &r) {
            return ProofRecord{r.int64(0), r.int64(1), r.text(2), r.text(3), r.text(4),
                               r.text(5),  QString(),  r.text(6), r.text(7)};
        });
        if (!proofs)
            return failed(proofs.error());
        subject.linkedProofs = *proofs;
    }
    auto reviewed = reviews(subject.revision.id);
    if (!reviewed)
        return failed(reviewed.error());
    subject.reviews = *reviewed;
    return subject;
}

Refusable<ArticleSubject> ReviewSubjects::article(const QString &ref)
{
    ArticleStore articles(m_db);
    auto article = articles.findByRef(ref);
    if (!article)
        return failed(article.error());
    if (!*article)
        return Refusal{Refusal::NotFound, u"no article %1"_s.arg(ref), {}};
    ArticleSubject subject{**article, {}, {}};
    auto active = articles.activeRevision(subject.article.id);
    if (!active)
        return failed(active.error());
    subject.active = *active;
    if (subject.active) {
        Statement s = m_db.prepare("SELECT id FROM proposals WHERE revision_id = ?1");
        s.bind(1, subject.active->id);
        auto row = s.step();
        if (!row)
            return failed(row.error());
        if (*row)
            subject.activeProposalId = s.text(0);
    }
    return subject;
}

std::optional<Refusal> ReviewSubjects::checkVersion(const QString &label,
                                                    const RevisionRecord &revision, int onVersion,
                                                    const QStringList &subjects)
{
    if (onVersion == revision.version)
        return std::nullopt;
    if (onVersion > revision.version || onVersion < 1)
        return Refusal{Refusal::Conflict,
                       u"%1 has no version %2; it is at version %3"_s.arg(label).arg(onVersion).arg(
                           revision.version),
                       {}};
    // The audit row that produced the current version says who, when, what.
    Statement s = m_db.prepare(
        "SELECT principal, effective_principal, action, at FROM audit WHERE revision = ?1 "
        "AND to_version = ?2 AND subject IN (?3, ?4) ORDER BY id DESC LIMIT 1");
    s.bind(1, revision.revision).bind(2, revision.version);
    s.bind(3, subjects.value(0)).bind(4, subjects.value(1));
    auto row = s.step();
    QString what;
    if (row && *row) {
        const QString who =
            s.text(0) == s.text(1) ? s.text(1) : s.text(1) + u" (via "_s + s.text(0) + u')';
        what = u"%1 %2 at %3"_s.arg(who, verbOf(s.text(2)), s.text(3));
    } else {
        what = u"last changed by %1 at %2"_s.arg(revision.updatedBy, revision.updatedAt);
    }
    const int changes = revision.version - onVersion;
    const QString count =
        changes > 1 ? u"; %1 changes since, this is the latest"_s.arg(changes) : QString();
    return Refusal{Refusal::Conflict,
                   u"%1 changed since version %2: %3 (now version %4%5); nothing was changed, "
                   "review it again."_s.arg(label)
                       .arg(onVersion)
                       .arg(what)
                       .arg(revision.version)
                       .arg(count),
                   {}};
}

} // namespace cw::inline common
