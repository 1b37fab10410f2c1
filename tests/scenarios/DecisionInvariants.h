#pragma once

#include "Database.h"
#include "Statement.h"

#include <QHash>
#include <QSet>
#include <QStringList>

#include <initializer_list>

// What must hold in a database after any number of decisions, whichever
// process made them and wherever one was killed (DESIGN.md §3, invariants 1
// and 4): every decision is all or nothing. Compared with the database the
// decisions started from (the Baseline), each state change has its outbox
// event, each outbox event its state change and its audit row, each version
// step its audit row, each review its audit row. Checks return what is wrong,
// or an empty string.
namespace cw::test {

using namespace Qt::StringLiterals;

inline std::int64_t scalar(const Database &db, const char *sql,
                           std::initializer_list<std::int64_t> arguments = {})
{
    Statement s = db.prepare(sql);
    int index = 0;
    for (std::int64_t argument : arguments)
        s.bind(++index, argument);
    auto row = s.step();
    return row && *row ? s.int64(0) : -1;
}

struct RevisionState
{
    QString ref;
    int revision = 0;
    QString state;
    int version = 0;
};

inline QHash<std::int64_t, RevisionState> revisionStates(const Database &db)
{
    QHash<std::int64_t, RevisionState> states;
    Statement s = db.prepare("SELECT r.id, a.ref, r.revision, r.state, r.version FROM revisions r "
                             "JOIN articles a ON a.id = r.article_id");
    while (auto row = s.step()) {
        if (!*row)
            break;
        states.insert(s.int64(0), {s.text(1), s.integer(2), s.text(3), s.integer(4)});
    }
    return states;
}

struct Baseline
{
    std::int64_t outboxHead = 0;
    std::int64_t lastAudit = 0;
    std::int64_t lastReview = 0;
    QHash<std::int64_t, RevisionState> revisions;

    static Baseline of(const Database &db)
    {
        return {scalar(db, "SELECT coalesce(max(seq), 0) FROM outbox"),
                scalar(db, "SELECT coalesce(max(id), 0) FROM audit"),
                scalar(db, "SELECT coalesce(max(id), 0) FROM reviews"), revisionStates(db)};
    }
};

inline bool isPublished(const QString &state)
{
    return state == "active"_L1 || state == "superseded"_L1 || state == "retired"_L1;
}

// Outbox events after the baseline against revision states and audit rows.
inline QStringList outboxAgrees(const Database &db, const Baseline &base)
{
    QStringList problems;
    auto expectNone = [&](const char *what, const char *sql,
                          std::initializer_list<std::int64_t> arguments) {
        const std::int64_t n = scalar(db, sql, arguments);
        if (n != 0)
            problems << u"%1: %2"_s.arg(n).arg(QString::fromUtf8(what));
    };
    expectNone("outbox events whose revision does not exist",
               "SELECT count(*) FROM outbox o WHERE o.seq > ?1 AND NOT EXISTS (SELECT 1 FROM "
               "revisions r JOIN articles a ON a.id = r.article_id WHERE a.ref = o.ref AND "
               "r.revision = o.revision)",
               {base.outboxHead});
    expectNone("outbox events without their state change",
               "SELECT count(*) FROM outbox o JOIN articles a ON a.ref = o.ref JOIN revisions r ON "
               "r.article_id = a.id AND r.revision = o.revision WHERE o.seq > ?1 AND "
               "NOT ((o.event = 'revision-activated' AND r.state IN ('active', 'superseded', "
               "'retired')) OR (o.event = 'revision-superseded' AND r.state = 'superseded') OR "
               "(o.event = 'revision-retired' AND r.state = 'retired'))",
               {base.outboxHead});
    expectNone("outbox events without exactly one audit row",
               "SELECT count(*) FROM outbox o WHERE o.seq > ?1 AND (SELECT count(*) FROM audit a "
               "WHERE a.id > ?2 AND json_extract(a.details, '$.outbox_event') = o.seq) <> 1",
               {base.outboxHead, base.lastAudit});
    expectNone("audit rows naming a missing outbox event",
               "SELECT count(*) FROM audit a WHERE a.id > ?1 AND "
               "json_extract(a.details, '$.outbox_event') IS NOT NULL AND NOT EXISTS (SELECT 1 "
               "FROM outbox o WHERE o.seq = json_extract(a.details, '$.outbox_event'))",
               {base.lastAudit});
    return problems;
}

// Every state change since the baseline has exactly its outbox event(s).
inline QStringList stateChangesHaveEvents(const Database &db, const Baseline &base)
{
    QStringList problems;
    Statement count = db.prepare("SELECT count(*) FROM outbox WHERE seq > ?1 AND ref = ?2 AND "
                                 "revision = ?3 AND event = ?4");
    auto expectOne = [&](const RevisionState &now, const char *event) {
        count.reset();
        count.bind(1, base.outboxHead).bind(2, now.ref).bind(3, now.revision).bind(4, event);
        auto row = count.step();
        const std::int64_t n = row && *row ? count.int64(0) : -1;
        if (n != 1)
            problems << u"%1 revision %2 is %3 with %4 %5 events"_s.arg(now.ref)
                            .arg(now.revision)
                            .arg(now.state)
                            .arg(n)
                            .arg(QString::fromUtf8(event));
    };
    const auto now = revisionStates(db);
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        const QString before = base.revisions.value(it.key()).state;
        if (it->state == before)
            continue;
        if (isPublished(it->state) && !isPublished(before))
            expectOne(*it, "revision-activated");
        if (it->state == "superseded"_L1)
            expectOne(*it, "revision-superseded");
        if (it->state == "retired"_L1)
            expectOne(*it, "revision-retired");
    }
    return problems;
}

// Each version step of a revision since the baseline has one audit row, and
// each review row one audit row of its decision.
inline QStringList versionsHaveAudit(const Database &db, const Baseline &base)
{
    QStringList problems;
    QHash<std::int64_t, int> steps;
    Statement audit = db.prepare(
        "SELECT coalesce((SELECT p.revision_id FROM proposals p WHERE p.id = a.subject), (SELECT "
        "r.id FROM revisions r JOIN articles ar ON ar.id = r.article_id WHERE ar.ref = a.subject "
        "AND r.revision = a.revision)), a.to_version - a.from_version FROM audit a WHERE a.id > "
        "?1");
    audit.bind(1, base.lastAudit);
    while (auto row = audit.step()) {
        if (!*row)
            break;
        steps[audit.int64(0)] += audit.integer(1);
    }
    const auto now = revisionStates(db);
    for (auto it = now.cbegin(); it != now.cend(); ++it) {
        const int moved = it->version - base.revisions.value(it.key()).version;
        if (moved != steps.value(it.key()))
            problems << u"%1 revision %2 moved %3 versions with %4 in the audit"_s.arg(it->ref)
                            .arg(it->revision)
                            .arg(moved)
                            .arg(steps.value(it.key()));
    }
    const std::int64_t reviews =
        scalar(db, "SELECT count(*) FROM reviews WHERE id > ?1", {base.lastReview});
    const std::int64_t decisions =
        scalar(db,
               "SELECT count(*) FROM audit WHERE id > ?1 AND action IN ('approve', 'reject', "
               "'return')",
               {base.lastAudit});
    if (reviews != decisions)
        problems << u"%1 review rows but %2 audited decisions"_s.arg(reviews).arg(decisions);
    return problems;
}

inline QString decisionsAgree(const Database &db, const Baseline &base)
{
    auto integrity = db.queryText("PRAGMA integrity_check");
    if (!integrity || *integrity != "ok"_L1)
        return u"integrity_check: "_s + (integrity ? *integrity : integrity.error());
    QStringList problems;
    if (const auto doubled = scalar(db, "SELECT count(*) FROM (SELECT article_id FROM revisions "
                                        "WHERE state = 'active' GROUP BY article_id HAVING "
                                        "count(*) > 1)");
        doubled != 0)
        problems << u"%1 articles with more than one active revision"_s.arg(doubled);
    problems << outboxAgrees(db, base) << stateChangesHaveEvents(db, base)
             << versionsHaveAudit(db, base);
    return problems.join(u"; "_s);
}

// The reasons of the audit rows since the baseline: which decisions committed.
inline QSet<QString> committedReasons(const Database &db, const Baseline &base)
{
    QSet<QString> reasons;
    Statement s = db.prepare("SELECT reason FROM audit WHERE id > ?1");
    s.bind(1, base.lastAudit);
    while (auto row = s.step()) {
        if (!*row)
            break;
        reasons.insert(s.text(0));
    }
    return reasons;
}

} // namespace cw::test
