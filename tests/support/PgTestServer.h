#pragma once

// The throw-away PostgreSQL cluster the postgresql tests share: started by
// the CTest fixture postgresql/server_start (scripts/pg-cluster.sh), which
// writes its folder and superuser URI to the file named by CW_PG_STATE. Each
// test makes databases and roles of its own, named after the test and its
// process, and drops them at the end.

#include "PgConnection.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTest>
#include <QUrl>

#include <memory>

namespace cw::test {

class PgTestServer
{
public:
    // The superuser's URI, or an empty string (and a QTest failure) when the
    // fixture did not start a server.
    static QString ownerUri()
    {
        QFile state(qEnvironmentVariable("CW_PG_STATE"));
        if (!state.open(QIODevice::ReadOnly)) {
            qWarning("no PostgreSQL server: CW_PG_STATE (%s) cannot be read; the CTest fixture "
                     "postgresql/server_start starts one",
                     qPrintable(state.fileName()));
            return {};
        }
        const QList<QByteArray> lines = state.readAll().split('\n');
        return lines.size() > 1 ? QString::fromUtf8(lines.at(1)) : QString();
    }

    // The same server, another database and role.
    static QString uri(const QString &database, const QString &role = QStringLiteral("cw_owner"))
    {
        QUrl url(ownerUri());
        url.setPath(QStringLiteral("/") + database);
        url.setUserName(role);
        return url.toString();
    }

    // A name unique to this test process: NAME_PID.
    static QString unique(const QString &name)
    {
        return QStringLiteral("%1_%2").arg(name).arg(QCoreApplication::applicationPid());
    }

    static std::unique_ptr<PgConnection> connect(const QString &uri)
    {
        auto connection = PgConnection::connect(uri);
        if (!connection) {
            qWarning("%s", qPrintable(connection.error()));
            return {};
        }
        return std::move(*connection);
    }

    // A new, empty database (dropped first if a killed run left it).
    static bool createDatabase(const QString &name)
    {
        auto owner = connect(ownerUri());
        return owner && dropDatabase(name) &&
               owner->execScript("CREATE DATABASE " + name.toUtf8()).ok();
    }

    // A new database at the current schema with no rows: a copy of
    // cw_schema_template, which the fixture postgresql/schema_template made
    // with `curation-cli init` (scripts/pg-cluster.sh template). Copying it
    // takes a tenth of the time migrating a new database takes.
    static bool createAtCurrentSchema(const QString &name)
    {
        auto owner = connect(ownerUri());
        if (!owner || !dropDatabase(name))
            return false;
        auto made = owner->execScript("CREATE DATABASE " + name.toUtf8() +
                                      " TEMPLATE cw_schema_template STRATEGY FILE_COPY");
        if (!made)
            qWarning("%s (the fixture postgresql/schema_template makes the template)",
                     qPrintable(made.error()));
        return made.ok();
    }

    // The principal records of a database file as JSON Lines (ingest's
    // `principal` type), each naming its database role: roleSql is an SQL
    // expression of the test's own over the principals row (e.g.
    // "'cw_owner'", or "id || '_mine'"); where: a condition on that row.
    static QByteArray principalsWithRoles(const QString &file, const QString &roleSql,
                                          const QString &where = QStringLiteral("true"))
    {
        QProcess sqlite;
        sqlite.start(QStringLiteral("sqlite3"),
                     {QStringLiteral("-readonly"), file,
                      QStringLiteral(
                          "SELECT json_object('type', 'principal', 'id', id, 'name', name, "
                          "'os_user', os_user, 'db_role', %1, 'roles', (SELECT "
                          "json_group_array(role) FROM principal_roles WHERE principal = id), "
                          "'tenants', (SELECT json_group_array(tenant) FROM principal_tenants "
                          "WHERE principal = id), 'domains', (SELECT json_group_array(domain) FROM "
                          "principal_domains WHERE principal = id)) FROM principals WHERE %2 "
                          "ORDER BY id")
                          .arg(roleSql, where)});
        sqlite.waitForFinished(30000);
        return sqlite.readAllStandardOutput();
    }

    static bool dropDatabase(const QString &name)
    {
        auto owner = connect(ownerUri());
        return owner &&
               owner->execScript("DROP DATABASE IF EXISTS " + name.toUtf8() + " WITH (FORCE)").ok();
    }
};

} // namespace cw::test
