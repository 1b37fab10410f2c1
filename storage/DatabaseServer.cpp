// Database on a PostgreSQL server: opening, and what only a server has.

#include "Database.h"
#include "PgConnection.h"
#include "PgSchema.h"
#include "Schema.h"
#include "Statement.h"
#include "StatementCache.h"

namespace cw {

using namespace Qt::StringLiterals;

Database::Database(std::unique_ptr<PgConnection> server)
    : m_server(std::move(server))
    , m_path(m_server->displayLocation())
    , m_statements(std::make_shared<StatementCache>())
{
}

Result<std::unique_ptr<Database>> Database::openServer(const QString &location, Mode mode)
{
    auto connection = PgConnection::connect(location);
    if (!connection)
        return fail(connection.error());
    std::unique_ptr<Database> db(new Database(std::move(*connection)));
    const bool readOnly = mode == Mode::ReadOnly || mode == Mode::ReadOnlyChecked;
    auto version = PgSchema::version(*db->m_server);
    if (!version)
        return fail(version.error());
    if (*version == 0 && mode != Mode::OpenOrCreate)
        return fail(u"%1: the server database has no Curation Workbench schema ('curation-cli "
                    "--db URI init' creates it)"_s.arg(db->m_path));
    if (*version != PgSchema::currentVersion()) {
        if (readOnly || *version > PgSchema::currentVersion())
            return fail(u"%1: the server database has schema version %2, this program %3; "
                        "'curation-cli --db URI init', run by the role that owns it, migrates it"_s
                            .arg(db->m_path)
                            .arg(*version)
                            .arg(PgSchema::currentVersion()));
        auto migrated = PgSchema::migrate(*db->m_server);
        if (!migrated)
            return fail(migrated.error());
    }
    // Every session speaks UTC timestamps; a reader cannot write by mistake.
    QByteArray settings = "SET TIME ZONE 'UTC'";
    if (readOnly)
        settings += "; SET default_transaction_read_only = on";
    if (auto set = db->m_server->execScript(settings); !set)
        return fail(set.error());
    // The stores' SQL is the current file schema's: a server at its own
    // current version holds the same tables.
    db->m_schemaVersion = Schema::currentVersion();
    return db;
}

std::int64_t Database::serverDataVersion() const
{
    if (!m_listening) {
        // From here on the server tells this connection of every commit that
        // changes what is current or what is projected, or writes the audit
        // (a first sign-off, an edit: no outbox event).
        if (!m_server->execScript("LISTEN cw_outbox; LISTEN cw_projection; LISTEN cw_audit"))
            return -1;
        m_listening = true;
    }
    m_notifications += m_server->takeNotifications();
    return m_notifications;
}

Result<QString> Database::sessionRole() const
{
    if (!m_server)
        return QString();
    return queryText("SELECT session_user");
}

} // namespace cw
