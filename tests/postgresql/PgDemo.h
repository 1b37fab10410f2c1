#pragma once

// The demo on a server, every principal with a database role of its own:
// the demo made and projected in a file, each principal given the db_role
// NAME_PID by ingest, the file copied to a new server database, and a LOGIN
// role made for each principal (and one stranger that is no principal), all
// members of cw_member. A test class derives from it, calls setUpDemo in
// initTestCase and tearDownDemo in cleanupTestCase.

#include "CliRunner.h"
#include "PgTestServer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace cw::test {

using namespace Qt::StringLiterals;

class PgDemo
{
protected:
    struct Principal
    {
        QString id;
        QString role;
        QStringList tenants;
        bool admin = false;
    };

    QTemporaryDir m_dir;
    QString m_file;
    QString m_database;
    QList<Principal> m_principals;
    QString m_stranger; // a member role that is no principal
    QStringList m_domains;

    static QString fileAnswer(const QString &file, const QString &sql)
    {
        QProcess sqlite;
        sqlite.start(u"sqlite3"_s, {u"-readonly"_s, file, sql});
        sqlite.waitForFinished(30000);
        return QString::fromUtf8(sqlite.readAllStandardOutput()).trimmed();
    }

    QString serverAs(const Principal &p) const { return PgTestServer::uri(m_database, p.role); }

    // A JSON answer with its moments taken out: no "at" members, and every
    // RFC 3339 time inside a text replaced by "<time>".
    static QJsonValue withoutTimes(const QJsonValue &value)
    {
        static const QRegularExpression time(u"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"_s);
        if (value.isObject()) {
            QJsonObject object = value.toObject();
            object.remove(u"at"_s);
            for (auto it = object.begin(); it != object.end(); ++it)
                it.value() = withoutTimes(it.value());
            return object;
        }
        if (value.isArray()) {
            QJsonArray array = value.toArray();
            for (QJsonValueRef item : array)
                item = withoutTimes(item);
            return array;
        }
        if (value.isString())
            return value.toString().replace(time, u"<time>"_s);
        return value;
    }

    // A fresh server database copied from the demo's, for a test that writes.
    QString freshDatabase(const QString &name) const
    {
        const QString database = PgTestServer::unique(name);
        auto owner = PgTestServer::connect(PgTestServer::ownerUri());
        if (!owner || !PgTestServer::dropDatabase(database) ||
            !owner->execScript("CREATE DATABASE " + database.toUtf8() + " TEMPLATE " +
                               m_database.toUtf8()))
            return {};
        return database;
    }

    const Principal *byId(const QString &id) const
    {
        for (const Principal &p : m_principals)
            if (p.id == id)
                return &p;
        return nullptr;
    }

    const Principal *find(bool admin) const
    {
        for (const Principal &p : m_principals)
            if (p.admin == admin)
                return &p;
        return nullptr;
    }

    void setUpDemo(const QString &name)
    {
        QVERIFY2(!PgTestServer::ownerUri().isEmpty(), "the fixture started no server");
        QVERIFY(m_dir.isValid());
        m_file = m_dir.filePath(u"demo.db"_s);
        for (const QStringList &step : {QStringList{u"demo"_s}, QStringList{u"project"_s}}) {
            const CliRun run = runCli(m_file, step);
            QVERIFY2(run.ok(), qPrintable(run.describe()));
        }
        // Every principal names a role of its own (ingest's db_role).
        const QString records =
            QString::fromUtf8(PgTestServer::principalsWithRoles(
                                  m_file, u"replace(lower(id), '-', '_') || '_%1'"_s.arg(
                                              QCoreApplication::applicationPid())))
                .trimmed();
        QVERIFY(!records.isEmpty());
        QFile lines(m_dir.filePath(u"roles.jsonl"_s));
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write(records.toUtf8() + '\n');
        lines.close();
        const CliRun ingest = runCli(m_file, {u"ingest"_s, lines.fileName()});
        QVERIFY2(ingest.ok(), qPrintable(ingest.describe()));
        m_domains = fileAnswer(m_file, u"SELECT DISTINCT domain FROM articles ORDER BY 1 LIMIT 2"_s)
                        .split(u'\n');
        for (const QString &line : records.split(u'\n')) {
            const QJsonObject record = QJsonDocument::fromJson(line.toUtf8()).object();
            Principal p{record[u"id"_s].toString(), record[u"db_role"_s].toString(), {}, false};
            for (const QJsonValue &tenant : record[u"tenants"_s].toArray())
                p.tenants << tenant.toString();
            p.admin = record[u"roles"_s].toArray().contains(u"admin"_s);
            m_principals << p;
        }

        m_database = PgTestServer::unique(name);
        QVERIFY(PgTestServer::createDatabase(m_database));
        const CliRun copy = runCli(m_file, {u"copy"_s, u"--to"_s, PgTestServer::uri(m_database)});
        QVERIFY2(copy.ok(), qPrintable(copy.describe()));
        auto owner = PgTestServer::connect(PgTestServer::uri(m_database));
        QVERIFY(owner);
        m_stranger = PgTestServer::unique(u"stranger"_s);
        QStringList roles{m_stranger};
        for (const Principal &p : std::as_const(m_principals))
            roles << p.role;
        for (const QString &role : std::as_const(roles)) {
            const auto made =
                owner->execScript("DROP ROLE IF EXISTS " + role.toUtf8() + "; CREATE ROLE " +
                                  role.toUtf8() + " LOGIN IN ROLE cw_member");
            QVERIFY2(made, qPrintable(made.error()));
        }
        QVERIFY(find(false) && find(true));
    }

    void tearDownDemo()
    {
        QVERIFY(PgTestServer::dropDatabase(m_database));
        auto owner = PgTestServer::connect(PgTestServer::ownerUri());
        QVERIFY(owner);
        QStringList roles{m_stranger};
        for (const Principal &p : std::as_const(m_principals))
            roles << p.role;
        for (const QString &role : std::as_const(roles))
            QVERIFY(owner->execScript("DROP ROLE IF EXISTS " + role.toUtf8()));
    }
};

} // namespace cw::test
