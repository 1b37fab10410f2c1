#include "ReviewSubject.h"

#include "ArticleStore.h"
#include "Database.h"
#include "ProposalStore.h"
#include "ReviewStore.h"
#include "StoreUtil.h"

#include <QCoreApplication>

namespace cw::inline common {

using namespace Qt::StringLiterals;

namespace {

// How an audit action reads in "dora approved it".
QString verbOf(const QString &action)
{
    // Translated where read, not here: the table is built once, before a
    // translator may be installed.
    static const QList<std::pair<QLatin1StringView, const char *>> verbs{
        {"approve"_L1, QT_TRANSLATE_NOOP("cw::Access", "approved it")},
        {"reject"_L1, QT_TRANSLATE_NOOP("cw::Access", "rejected it")},
        {"return"_L1, QT_TRANSLATE_NOOP("cw::Access", "returned it")},
        {"edit"_L1, QT_TRANSLATE_NOOP("cw::Access", "edited it")},
        {"supersede"_L1, QT_TRANSLATE_NOOP("cw::Access", "superseded it")},
        {"publish"_L1, QT_TRANSLATE_NOOP("cw::Access", "published it")},
        {"retire"_L1, QT_TRANSLATE_NOOP("cw::Access", "retired it")},
        {"ingest-proposal"_L1, QT_TRANSLATE_NOOP("cw::Access", "ingested it")},
        {"ingest-article"_L1, QT_TRANSLATE_NOOP("cw::Access", "ingested it")}};
    for (const auto &[action_, verb] : verbs) {
        if (action == action_)
            return QCoreApplication::translate("cw::Access", verb);
    }
    return QCoreApplication::translate("cw::Access", "changed it (%1)").arg(action);
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
        return Refusal::failed(proposal.error());
    if (!*proposal)
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::Access", "no proposal %1").arg(id),
                       {}};
    ProposalSubject subject;
    subject.proposal = **proposal;
    ArticleStore articles(m_db);
    auto revision = articles.revision(subject.proposal.revisionId);
    if (!revision || !*revision)
        return Refusal::failed(
            revision
                ? QCoreApplication::translate("cw::Access", "proposal %1 has no revision").arg(id)
                : revision.error());
    subject.revision = **revision;
    auto article = articles.findById(subject.revision.articleId);
    if (!article || !*article)
        return Refusal::failed(
            article
                ? QCoreApplication::translate("cw::Access", "proposal %1 has no article").arg(id)
                : article.error());
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
            return Refusal::failed(proofs.error());
        subject.linkedProofs = *proofs;
    }
    auto reviewed = reviews(subject.revision.id);
    if (!reviewed)
        return Refusal::failed(reviewed.error());
    subject.reviews = *reviewed;
    return subject;
}

Refusable<ArticleSubject> ReviewSubjects::article(const QString &ref)
{
    ArticleStore articles(m_db);
    auto article = articles.findByRef(ref);
    if (!article)
        return Refusal::failed(article.error());
    if (!*article)
        return Refusal{Refusal::NotFound,
                       QCoreApplication::translate("cw::Access", "no article %1").arg(ref),
                       {}};
    ArticleSubject subject{**article, {}, {}};
    auto active = articles.activeRevision(subject.article.id);
    if (!active)
        return Refusal::failed(active.error());
    subject.active = *active;
    if (subject.active) {
        Statement s = m_db.prepare("SELECT id FROM proposals WHERE revision_id = ?1");
        s.bind(1, subject.active->id);
        auto row = s.step();
        if (!row)
            return Refusal::failed(row.error());
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
        return Refusal{
            Refusal::Conflict,
            QCoreApplication::translate("cw::Access", "%1 has no version %2; it is at version %3")
                .arg(label)
                .arg(onVersion)
                .arg(revision.version),
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
        what = QCoreApplication::translate("cw::Access", "%1 %2 at %3")
                   .arg(who, verbOf(s.text(2)), s.text(3));
    } else {
        what = QCoreApplication::translate("cw::Access", "last changed by %1 at %2")
                   .arg(revision.updatedBy, revision.updatedAt);
    }
    const int changes = revision.version - onVersion;
    const QString count =
        changes > 1
            ? QCoreApplication::translate("cw::Access", "; %1 changes since, this is the latest")
                  .arg(changes)
            : QString();
    return Refusal{Refusal::Conflict,
                   QCoreApplication::translate(
                       "cw::Access",
                       "%1 changed since version %2: %3 (now version %4%5); nothing was changed, "
                       "review it again.")
                       .arg(label)
                       .arg(onVersion)
                       .arg(what)
                       .arg(revision.version)
                       .arg(count),
                   {}};
}

} // namespace cw::inline common
