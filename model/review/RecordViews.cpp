#include "RecordViews.h"

#include "ArticleStore.h"
#include "CaseStore.h"
#include "Database.h"
#include "EditRules.h"
#include "OutboxStore.h"
#include "ProposalStore.h"
#include "RecordJson.h"
#include "ReviewJson.h"
#include "ReviewRules.h"
#include "ReviewStore.h"

#include <QJsonArray>

namespace cw::inline review {

using namespace Qt::StringLiterals;

RecordViews::RecordViews(const Database &db, const Access &access)
    : m_db(db)
    , m_access(access)
{
}

Result<CaseView> RecordViews::loadCase(const CaseRecord &record)
{
    CaseStore cases(m_db);
    auto arrivals = cases.arrivals(record.id);
    auto updates = cases.updates(record.id);
    auto proofs = cases.proofs(record.id);
    if (!arrivals || !updates || !proofs)
        return fail(!arrivals ? arrivals.error() : !updates ? updates.error() : proofs.error());
    return CaseView{record, *arrivals, *updates, *proofs};
}

Result<std::optional<CaseView>> RecordViews::caseView(const CaseKey &key)
{
    auto found = CaseStore(m_db).findByKey(key);
    if (!found)
        return fail(found.error());
    if (!*found || !m_access.mayReadCase((*found)->id))
        return std::optional<CaseView>();
    auto view = loadCase(**found);
    if (!view)
        return fail(view.error());
    return std::optional(*view);
}

Result<std::optional<ProposalView>> RecordViews::proposalView(const QString &id)
{
    auto proposal = ProposalStore(m_db).find(id);
    if (!proposal)
        return fail(proposal.error());
    if (!*proposal)
        return std::optional<ProposalView>();
    ProposalView view;
    view.proposal = **proposal;
    ArticleStore articles(m_db);
    auto revision = articles.revision(view.proposal.revisionId);
    if (!revision || !*revision)
        return fail(revision ? u"proposal %1 has no revision"_s.arg(id) : revision.error());
    view.revision = **revision;
    auto article = articles.findById(view.revision.articleId);
    if (!article || !*article)
        return fail(article ? u"proposal %1 has no article"_s.arg(id) : article.error());
    view.article = **article;
    if (view.proposal.caseId) {
        CaseStore cases(m_db);
        auto record = cases.findById(*view.proposal.caseId);
        if (!record)
            return fail(record.error());
        // On a file every case is there (a foreign key); on a server, row-level
        // security hides one the connection's principal may not read.
        if (!*record && !m_db.isServer())
            return fail(u"proposal %1: case missing"_s.arg(id));
        // The handle itself is kept from a principal who may not read it.
        view.caseRedacted = !*record || !m_access.mayReadCase((*record)->id);
        if (!view.caseRedacted) {
            view.caseKey = (*record)->key.toString();
            auto loaded = loadCase(**record);
            if (!loaded)
                return fail(loaded.error());
            for (const ProofRecord &proof : loaded->proofs) {
                if (view.proposal.proofIds.contains(proof.id))
                    view.claimedProofs.append(proof);
            }
            view.sourceCase = *loaded;
        }
    }
    auto audit = AuditStore(m_db).forSubject(id);
    if (!audit)
        return fail(audit.error());
    view.audit = *audit;
    auto reviews = ReviewStore(m_db).forRevision(view.revision.id);
    if (!reviews)
        return fail(reviews.error());
    view.approvals = ReviewRules::approvals(*reviews);
    return std::optional(std::move(view));
}

Result<std::optional<ArticleView>> RecordViews::articleView(const QString &ref)
{
    ArticleStore articles(m_db);
    auto article = articles.findByRef(ref);
    if (!article)
        return fail(article.error());
    if (!*article)
        return std::optional<ArticleView>();
    auto revisions = articles.revisions((*article)->id);
    auto audit = AuditStore(m_db).forSubject(ref);
    if (!revisions || !audit)
        return fail(!revisions ? revisions.error() : audit.error());
    ArticleView view{**article, *revisions, *audit, {}};
    for (const RevisionRecord &r : view.revisions) {
        if (r.state != QLatin1String("active"))
            continue;
        auto changes = SourceChanges::open(m_db, r.id);
        if (!changes)
            return fail(changes.error());
        view.sourceChanges = *changes;
    }
    return std::optional(std::move(view));
}

namespace {

template <typename T, typename F> QJsonArray array(const QList<T> &items, F convert)
{
    QJsonArray result;
    for (const T &item : items)
        result.append(convert(item));
    return result;
}

} // namespace

QJsonObject RecordViews::toJson(const CaseView &view)
{
    QJsonObject object = RecordJson::caseRecord(view.record);
    object[u"type"_s] = u"case"_s;
    object[u"arrivals"_s] = array(view.arrivals, RecordJson::arrival);
    object[u"updates"_s] = array(view.updates, RecordJson::caseUpdate);
    object[u"proofs"_s] =
        array(view.proofs, [](const ProofRecord &p) { return RecordJson::proof(p); });
    return object;
}

QJsonObject RecordViews::toJson(const ProposalView &view)
{
    QJsonObject object{
        {u"type"_s, u"proposal"_s},
        {u"id"_s, view.proposal.id},
        {u"status"_s, view.proposal.status},
        {u"proposed_by"_s, view.proposal.proposedBy},
        {u"proposed_at"_s, view.proposal.proposedAt},
        {u"article"_s, RecordJson::article(view.article)},
        {u"revision"_s, RecordJson::revision(view.revision)},
        {u"case"_s, view.caseKey.isEmpty() || view.caseRedacted ? QJsonValue(QJsonValue::Null)
                                                                : QJsonValue(view.caseKey)},
        {u"case_redacted"_s, view.caseRedacted},
        {u"proofs"_s,
         array(view.claimedProofs, [](const ProofRecord &p) { return RecordJson::proof(p); })},
        {u"audit"_s, array(view.audit, RecordJson::audit)},
        {u"approvals"_s, ReviewJson::approvals(view.approvals)},
        {u"approval_rule"_s, EditRules::description()}};
    if (view.sourceCase)
        object[u"source_case"_s] = toJson(*view.sourceCase);
    return object;
}

QJsonObject RecordViews::toJson(const ArticleView &view)
{
    QJsonObject object = RecordJson::article(view.article);
    object[u"type"_s] = u"article"_s;
    object[u"revisions"_s] = array(view.revisions, RecordJson::revision);
    object[u"audit"_s] = array(view.audit, RecordJson::audit);
    object[u"source_changes"_s] = array(view.sourceChanges, [](const SourceChange &c) {
        return QJsonObject{{u"change"_s, c.change}, {u"detail"_s, c.detail}, {u"at"_s, c.at}};
    });
    return object;
}

} // namespace cw::inline review
