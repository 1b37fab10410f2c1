#include "DemoDecisions.h"

#include "ArticleStore.h"
#include "Clock.h"
#include "Database.h"
#include "IdentityStore.h"
#include "Ingest.h"
#include "ReviewWorkflow.h"
#include "Vocabulary.h"

#include <QFile>

namespace cw::inline demo {

using namespace Qt::StringLiterals;

namespace {

struct Step
{
    const char *principal;
    const char *action; // approve, reject, return, supersede
    const char *proposal;
    const char *article; // supersede only
    const char *reason;
};

// EXP-2's published revision, reviewed like any other: ingest never
// publishes an experience past review.
constexpr Step History[] = {
    {"cora", "approve", "PR-0", nullptr, "Matches the template key on SD-1744."},
    {"owen", "approve", "PR-0", nullptr, "The print channel is part of the key."},
};

constexpr Step Steps[] = {
    {"cora", "reject", "PR-7", nullptr,
     "Rerunning the batch does not create renewals the job filter excludes; it duplicated them."},
    {"cora", "approve", "PR-8", nullptr, "The log check is what found the skip on SD-1598."},
    {"dora", "approve", "PR-8", nullptr, "Matches how the period close records skips."},
    {"cora", "approve", "PR-9", nullptr, "Renewal state first avoids the missing-row mix-up."},
    {"dora", "approve", "PR-9", nullptr, "Agreed; supersede after the 5.x review."},
    {"cora", "approve", "PR-10", nullptr, "Verified document result on SD-1744."},
    {"owen", "approve", "PR-10", nullptr, "The print channel is part of the key."},
    {"cora", "supersede", "PR-10", "EXP-2", "Adds the print channel and the template owner."},
    {"cora", "return", "PR-11", nullptr,
     "No execution record is linked; attach the re-rating run."},
    // The verified fixes and assessments the demo query set
    // (resources/eval/demo-queries.jsonl) pairs against the rejected routes.
    {"cora", "approve", "PR-12", nullptr, "Insert and reconciliation verified on SD-1598."},
    {"dora", "approve", "PR-12", nullptr, "Limits keep it away from uncreated renewals."},
    {"cora", "approve", "PR-13", nullptr, "Configuration proof verified on SD-1710."},
    {"dora", "approve", "PR-13", nullptr, "The family filter is the mechanism."},
    {"cora", "approve", "PR-14", nullptr, "Actuals match the estimate record."},
    {"owen", "approve", "PR-14", nullptr, "Waiting kept apart from effort."},
    {"cora", "approve", "PR-15", nullptr, "The seam matches the estimate record."},
    {"owen", "approve", "PR-15", nullptr, "Consumers named in the limits."},
};

Status take(Database &db, const Clock &clock, const Step &step)
{
    IdentityStore identities(db);
    ReviewWorkflow workflow(db, clock);
    ArticleStore articles(db);
    auto reviewer = identities.principal(QString::fromLatin1(step.principal));
    if (!reviewer || !*reviewer)
        return fail(u"demo decisions: no principal %1"_s.arg(QLatin1String(step.principal)));
    // Each demo reviewer decides as itself: two sign-offs need two real
    // people (DESIGN.md invariant 3), which one admin acting --as both is not.
    const Actor actor{**reviewer, **reviewer};
    const QString proposal = QString::fromLatin1(step.proposal);
    const QString action = QString::fromLatin1(step.action);
    const QString reason = QString::fromLatin1(step.reason);
    if (action == u"supersede"_s) {
        const QString ref = QString::fromLatin1(step.article);
        auto article = articles.findByRef(ref);
        if (!article || !*article)
            return fail(u"demo decisions: no article %1"_s.arg(ref));
        auto active = articles.activeRevision((*article)->id);
        if (!active || !*active)
            return fail(u"demo decisions: %1 has no active revision"_s.arg(ref));
        auto done = workflow.supersede(actor, ref, proposal, (*active)->version, reason);
        if (!done)
            return fail(u"demo decision %1 %2: %3"_s.arg(action, proposal, done.error()));
        return {};
    }
    Statement version = db.prepare("SELECT r.version FROM proposals p JOIN revisions r ON "
                                   "r.id = p.revision_id WHERE p.id = ?1");
    version.bind(1, proposal);
    auto row = version.step();
    if (!row || !*row)
        return fail(u"demo decisions: no proposal %1"_s.arg(proposal));
    const int onVersion = version.integer(0);
    const std::optional<ReviewDecision> decision = parse<ReviewDecision>(action);
    auto done = decision == ReviewDecision::Approve
                    ? workflow.approve(actor, proposal, onVersion, reason)
                : decision == ReviewDecision::Reject
                    ? workflow.reject(actor, proposal, onVersion, reason)
                    : workflow.returnProposal(actor, proposal, onVersion, reason);
    if (!done)
        return fail(u"demo decision %1 %2: %3"_s.arg(action, proposal, done.error()));
    return {};
}

} // namespace

DemoDecisions::DemoDecisions(Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Status DemoDecisions::history()
{
    for (const Step &step : History) {
        if (auto taken = take(m_db, m_clock, step); !taken)
            return taken;
    }
    return {};
}

Status DemoDecisions::apply()
{
    // The proposals decided here come in through the validated ingest path.
    QFile file(u":/cw/demo/demo-decided.jsonl"_s);
    if (!file.open(QIODevice::ReadOnly))
        return fail(u"the decided demo proposals are missing from this build"_s);
    if (auto ingested =
            Ingest(m_db, m_clock, u"demo"_s).ingestJsonLines(file, u"demo-decided.jsonl"_s);
        !ingested)
        return fail(ingested.error());
    for (const Step &step : Steps) {
        if (auto taken = take(m_db, m_clock, step); !taken)
            return taken;
    }
    return {};
}

} // namespace cw::inline demo
