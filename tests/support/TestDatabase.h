#pragma once

// Where a test's database lives. By default a file in a temporary folder;
// with CW_TEST_BACKEND=postgresql (the CTest label postgresql runs the
// scenario suites so, tests/CMakeLists.txt) a database of its own on the
// throw-away server of the postgresql fixture, created here and dropped
// again, which the same tests then drive through `--db URI`. The location
// connects as the role that owns the tables (PgTestServer::uri), so the
// tests' admin principal names that role as its db_role (adminDbRole).

#include "PgTestServer.h"

#include <QString>

namespace cw::test {

class TestDatabase
{
public:
    static bool onServer()
    {
        return qEnvironmentVariable("CW_TEST_BACKEND") == QLatin1String("postgresql");
    }

    // The db_role of the admin principal the tests ingest: the role the
    // location connects as on a server, none for a file.
    static QString adminDbRole() { return onServer() ? QStringLiteral("cw_owner") : QString(); }

    // filePath: where the database goes when it is a file.
    explicit TestDatabase(const QString &filePath)
    {
        if (!onServer()) {
            m_location = filePath;
            return;
        }
        static int made = 0;
        m_serverName = PgTestServer::unique(QStringLiteral("cw_test_%1").arg(++made));
        if (PgTestServer::createDatabase(m_serverName))
            m_location = PgTestServer::uri(m_serverName);
        else
            qWarning("cannot create the server database %s", qPrintable(m_serverName));
    }
    ~TestDatabase()
    {
        if (!m_serverName.isEmpty())
            PgTestServer::dropDatabase(m_serverName);
    }
    TestDatabase(const TestDatabase &) = delete;
    TestDatabase &operator=(const TestDatabase &) = delete;

    // A file's path or a server URI; empty when the server database could
    // not be made.
    const QString &location() const { return m_location; }

private:
    QString m_location;
    QString m_serverName;
};

} // namespace cw::test
