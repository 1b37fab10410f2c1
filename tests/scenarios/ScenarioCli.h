#pragma once

// Acceptance scenarios drive real curation-cli processes on a fresh database
// per workbench: JSON Lines files written here and ingested, decisions taken
// with review / supersede / retire, the projector run with project, answers
// read from query --json. Nothing reaches into the database directly, except
// the other person of a two-person sign-off: a test has one OS login, so that
// sign-off is taken in process by the principal as itself (OtherPerson.h).
// The database is a file, or with CW_TEST_BACKEND=postgresql a database on
// the test server (TestDatabase.h): the same scenarios on both backends.

#include "CliRunner.h"
#include "OtherPerson.h"
#include "Paths.h"
#include "TestDatabase.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace scenario {

using namespace Qt::StringLiterals;

using cw::test::CliRun;

// `base` with every field of `overrides` put over it.
inline QJsonObject with(QJsonObject base, const QJsonObject &overrides)
{
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        base.insert(it.key(), it.value());
    return base;
}

inline QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

// Tenants and principals as in the demo: admin (this test's login, may act as
// anyone), cora curator studio, nils curator northwind, dora owner of data in
// studio, dirk owner of data in northwind, owen owner of configuration/
// development/assessment, ana analyst studio.
inline QList<QJsonObject> people()
{
    auto principal = [](const QString &id, const QString &role, const QStringList &tenants,
                        const QStringList &domains) {
        return QJsonObject{{u"type"_s, u"principal"_s},
                           {u"id"_s, id},
                           {u"name"_s, id},
                           {u"roles"_s, strings({role})},
                           {u"tenants"_s, strings(tenants)},
                           {u"domains"_s, strings(domains)}};
    };
    QJsonObject admin = principal(u"admin"_s, u"admin"_s, {u"studio"_s, u"northwind"_s}, {});
    admin[u"os_user"_s] = cw::Paths::osLoginName(); // the login running the tests
    if (cw::test::TestDatabase::onServer())         // on a server the connection's role names it
        admin[u"db_role"_s] = cw::test::TestDatabase::adminDbRole();
    return {
        {{u"type"_s, u"tenant"_s}, {u"id"_s, u"studio"_s}, {u"name"_s, u"Studio Ltd"_s}},
        {{u"type"_s, u"tenant"_s}, {u"id"_s, u"northwind"_s}, {u"name"_s, u"Northwind Mutual"_s}},
        admin,
        principal(u"cora"_s, u"curator"_s, {u"studio"_s}, {}),
        principal(u"nils"_s, u"curator"_s, {u"northwind"_s}, {}),
        principal(u"dora"_s, u"domain_owner"_s, {u"studio"_s}, {u"data"_s}),
        principal(u"dirk"_s, u"domain_owner"_s, {u"northwind"_s}, {u"data"_s}),
        principal(u"owen"_s, u"domain_owner"_s, {u"studio"_s, u"northwind"_s},
                  {u"configuration"_s, u"development"_s, u"assessment"_s}),
        principal(u"ana"_s, u"analyst"_s, {u"studio"_s}, {}),
        principal(u"agent-data"_s, u"analyst"_s, {u"studio"_s, u"northwind"_s}, {}),
    };
}

// One delivery of a studio service-desk request; override what differs.
inline QJsonObject arrival(const QString &request, const QJsonObject &overrides = {})
{
    return with({{u"type"_s, u"arrival"_s},
                 {u"tenant"_s, u"studio"_s},
                 {u"source_system"_s, u"servicedesk"_s},
                 {u"source_request"_s, request},
                 {u"source_revision"_s, u"1"_s},
                 {u"delivery_id"_s, QString(u"d-"_s + request + u"-1"_s)},
                 {u"received_at"_s, u"2026-03-01T09:00:00Z"_s},
                 {u"title"_s, QString(u"Register row missing for policy "_s + request)},
                 {u"object"_s, QString(u"policy/"_s + request + u"/register"_s)},
                 {u"request_type"_s, u"data-correction"_s},
                 {u"symptom_tags"_s, strings({u"missing-register-row"_s})},
                 {u"product"_s, u"lifeline"_s},
                 {u"product_version"_s, u"4.2"_s},
                 {u"body"_s, u"The statement run skipped the register row."_s}},
                overrides);
}

inline QJsonObject proof(const QString &caseKey, const QString &id, const QString &result)
{
    return {{u"type"_s, u"proof"_s},
            {u"case"_s, caseKey},
            {u"id"_s, id},
            {u"kind"_s, u"execution"_s},
            {u"title"_s, QString(u"Repair for "_s + caseKey)},
            {u"content_type"_s, u"sql"_s},
            {u"content"_s, u"INSERT INTO register ..."_s},
            {u"result"_s, result},
            {u"captured_at"_s, u"2026-03-03T11:00:00Z"_s}};
}

inline QJsonObject caseUpdate(const QString &caseKey, const QString &status)
{
    return {{u"type"_s, u"case_update"_s}, {u"case"_s, caseKey},
            {u"status"_s, status},         {u"route"_s, u"data-investigation"_s},
            {u"owner"_s, u"data"_s},       {u"at"_s, u"2026-03-03T12:00:00Z"_s}};
}

// A new experience proposal for a case (the workbench assigns EXP-n).
inline QJsonObject proposal(const QString &id, const QString &caseKey,
                            const QJsonObject &overrides = {})
{
    return with(
        {{u"type"_s, u"proposal"_s},
         {u"id"_s, id},
         {u"case"_s, caseKey},
         {u"kind"_s, u"experience"_s},
         {u"domain"_s, u"data"_s},
         {u"title"_s, u"Absent register row after period close: recreate the row"_s},
         {u"synopsis"_s, u"The period close skipped a locked policy; the row was recreated."_s},
         {u"route"_s, u"data-investigation"_s},
         {u"mechanism"_s, u"Period close skips policies under an endorsement lock."_s},
         {u"method"_s, u"Insert the missing row for that period only; reconcile."_s},
         {u"outcome"_s, u"Register row recreated; register and statement agree."_s},
         {u"proof_level"_s, u"verified"_s},
         {u"proof_refs"_s, strings({u"P-1"_s})},
         {u"limits"_s, u"Only when the row is absent and the policy exists."_s},
         {u"product_scope"_s,
          QJsonObject{{u"product"_s, u"lifeline"_s}, {u"versions"_s, u">=4.0 <5.0"_s}}},
         {u"tags"_s, strings({u"register"_s})},
         {u"symptom_tags"_s, strings({u"missing-register-row"_s})},
         {u"related_to"_s, QJsonArray{}},
         {u"proposed_by"_s, u"agent-data"_s},
         {u"proposed_at"_s, u"2026-03-04T08:00:00Z"_s}},
        overrides);
}

inline QStringList refsOf(const QJsonArray &list, const QString &field = u"ref"_s)
{
    QStringList refs;
    for (const QJsonValue &value : list)
        refs.append(value.toObject().value(field).toString());
    return refs;
}

inline QJsonObject findRef(const QJsonArray &list, const QString &ref)
{
    for (const QJsonValue &value : list) {
        if (value.toObject().value(u"ref"_s).toString() == ref)
            return value.toObject();
    }
    return {};
}

// One fresh database, driven only through curation-cli.
class Workbench
{
public:
    Workbench()
        : m_dir(std::make_unique<QTemporaryDir>())
        , m_database(std::make_unique<cw::test::TestDatabase>(m_dir->filePath(u"scenario.db"_s)))
        , m_db(m_database->location())
    {
    }

    bool isValid() const { return m_dir->isValid() && !m_db.isEmpty(); }
    QString path() const { return m_db; }

    CliRun cli(const QStringList &arguments, const QString &as = {}) const
    {
        return cw::test::runCli(m_db, arguments, as);
    }

    // Writes the records as one JSON Lines file and ingests it as admin.
    CliRun ingest(const QList<QJsonObject> &records)
    {
        QByteArray lines;
        for (const QJsonObject &record : records)
            lines += QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
        const QString file = m_dir->filePath(u"batch-%1.jsonl"_s.arg(++m_batches));
        QFile out(file);
        if (!out.open(QIODevice::WriteOnly) || out.write(lines) != lines.size())
            return CliRun{-1, {}, "cannot write " + file.toUtf8()};
        out.close();
        return cli({u"ingest"_s, file, u"--json"_s});
    }

    CliRun decide(const QString &as, const QString &decision, const QString &proposal, int version,
                  const QString &reason = u"checked against the case and its proofs"_s)
    {
        return cli({u"review"_s, decision, proposal, u"--version"_s, QString::number(version),
                    u"--reason"_s, reason, u"--json"_s},
                   as);
    }

    // A sign-off by the principal as itself, another person than the test's
    // login (OtherPerson.h); empty when it was given, else why not.
    QString signOff(const QString &principal, const QString &proposal, int version)
    {
        auto done = cw::test::decideAsItself(m_db, principal, u"approve"_s, proposal, version,
                                             u"checked against the case and its proofs"_s);
        return done ? QString() : done.refusal().message;
    }

    // Curator and domain owner approve a new article's proposal: it becomes
    // active. The curator signs off as itself, the owner through the CLI.
    // Returns the article's ref, or an empty string (see lastError).
    QString publish(const QString &proposal, const QString &owner = u"dora"_s,
                    const QString &curator = u"cora"_s)
    {
        m_lastError = signOff(curator, proposal, 1);
        if (!m_lastError.isEmpty())
            return {};
        const CliRun second = decide(owner, u"approve"_s, proposal, 2);
        m_lastError = second.ok() ? QString() : second.describe();
        return second.json().value(u"revision"_s).toObject().value(u"ref"_s).toString();
    }
    QString lastError() const { return m_lastError; }

    CliRun project() const { return cli({u"project"_s, u"--json"_s}); }

    QJsonObject query(const QString &as, const QStringList &arguments) const
    {
        const CliRun run = cli(QStringList{u"query"_s} + arguments + QStringList{u"--json"_s}, as);
        if (!run.ok())
            qWarning("query failed: %s", qPrintable(run.describe()));
        return run.json();
    }

    QJsonObject show(const QString &ref) const { return cli({u"show"_s, ref, u"--json"_s}).json(); }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<cw::test::TestDatabase> m_database;
    QString m_db;
    int m_batches = 0;
    QString m_lastError;
};

} // namespace scenario
