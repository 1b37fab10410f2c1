#pragma once

#include "Database.h"
#include "IdentityStore.h"
#include "ReviewWorkflow.h"
#include "Statement.h"

#include <QStringList>

#include <array>

// One fixed sequence of decisions on the demo database (principals cora,
// dora, owen; proposals PR-1..PR-6), run step by step either through
// curation-cli processes or in a child process through ReviewWorkflow. It
// activates, supersedes, retires, rejects and returns, so it writes every
// kind of outbox event. Each step acts on the version current when it runs.
namespace cw::test {

using namespace Qt::StringLiterals;

struct ScriptStep
{
    const char *as;
    const char *action;  // approve, reject, return, supersede, retire
    const char *subject; // a proposal, or the article of supersede and retire
    const char *with;    // supersede: the approved proposal
};

inline constexpr std::array<ScriptStep, 14> decisionScript{{
    {"cora", "approve", "PR-1", nullptr},
    {"dora", "approve", "PR-1", nullptr}, // EXP-3 revision 1 becomes active
    {"cora", "approve", "PR-3", nullptr},
    {"owen", "approve", "PR-3", nullptr}, // active
    {"cora", "approve", "PR-5", nullptr},
    {"dora", "approve", "PR-5", nullptr}, // approved: KB-12 has an active revision
    {"cora", "supersede", "KB-12", "PR-5"},
    {"dora", "retire", "EXP-3", nullptr},
    {"cora", "reject", "PR-2", nullptr},
    {"nils", "approve", "PR-6", nullptr}, // PR-6 is Northwind's: its own curator
    {"nils", "return", "PR-6", nullptr},
    {"owen", "approve", "PR-4", nullptr},
    {"cora", "approve", "PR-4", nullptr}, // active
    {"dora", "retire", "KB-12", nullptr},
}};

inline bool isArticleAction(const ScriptStep &step)
{
    return qstrcmp(step.action, "supersede") == 0 || qstrcmp(step.action, "retire") == 0;
}

// The version the step acts on: the proposal's revision, or the article's
// active revision; -1 when there is none.
inline int versionFor(const Database &db, const ScriptStep &step)
{
    Statement s = db.prepare(
        isArticleAction(step)
            ? "SELECT r.version FROM revisions r JOIN articles a ON a.id = r.article_id WHERE "
              "a.ref = ?1 AND r.state = 'active'"
            : "SELECT r.version FROM proposals p JOIN revisions r ON r.id = p.revision_id WHERE "
              "p.id = ?1");
    s.bind(1, QString::fromLatin1(step.subject));
    auto row = s.step();
    return row && *row ? s.integer(0) : -1;
}

inline QString reasonFor(int stepNumber)
{
    return u"step %1"_s.arg(stepNumber);
}

inline QStringList cliArgumentsFor(const ScriptStep &step, int version, int stepNumber)
{
    const QString subject = QString::fromLatin1(step.subject);
    QStringList arguments;
    if (qstrcmp(step.action, "supersede") == 0)
        arguments = {u"supersede"_s, subject, u"--with"_s, QString::fromLatin1(step.with)};
    else if (qstrcmp(step.action, "retire") == 0)
        arguments = {u"retire"_s, subject};
    else
        arguments = {u"review"_s, QString::fromLatin1(step.action), subject};
    return arguments + QStringList{u"--version"_s, QString::number(version), u"--reason"_s,
                                   reasonFor(stepNumber)};
}

// The step's principal deciding as itself: each reviewer of the script is a
// person of its own (two sign-offs need two real people).
inline Result<Actor> actorFor(const Database &db, const ScriptStep &step)
{
    auto person = IdentityStore(db).principal(QString::fromLatin1(step.as));
    if (!person || !*person)
        return fail(u"no principal "_s + QString::fromLatin1(step.as));
    return Actor{**person, **person};
}

// Through the CLI a step is the test login's (the demo admin's) acting --as
// its principal; one person may give only one of two sign-offs, so the
// curators' steps go through the CLI and the owners' are taken by a process
// of their own (the test's child) as themselves.
inline bool runsThroughCli(const Database &db, const ScriptStep &step)
{
    auto person = IdentityStore(db).principal(QString::fromLatin1(step.as));
    return person && *person && (*person)->hasRole(u"curator"_s);
}

inline Refusable<ReviewOutcome> perform(ReviewWorkflow &workflow, const Actor &actor,
                                        const ScriptStep &step, int version, int stepNumber)
{
    const QString subject = QString::fromLatin1(step.subject);
    const QString reason = reasonFor(stepNumber);
    const QLatin1StringView action(step.action);
    if (action == "approve"_L1)
        return workflow.approve(actor, subject, version, reason);
    if (action == "reject"_L1)
        return workflow.reject(actor, subject, version, reason);
    if (action == "return"_L1)
        return workflow.returnProposal(actor, subject, version, reason);
    if (action == "supersede"_L1)
        return workflow.supersede(actor, subject, QString::fromLatin1(step.with), version, reason);
    return workflow.retire(actor, subject, version, reason);
}

} // namespace cw::test
