-- Schema step 11: the database role of a principal on a team server.
--
-- On a PostgreSQL server the connection's role (session_user) names the
-- principal, as the OS login does for a file (docs/postgresql.md). The
-- column is here too so that a file carries it to a server and back
-- (curation-cli copy) and so that principal records set it on either
-- backend. NULL: the principal never connects to a server. Unique, like
-- os_user: one role is one principal.
ALTER TABLE principals ADD COLUMN db_role TEXT;
CREATE UNIQUE INDEX principals_by_db_role ON principals(db_role) WHERE db_role IS NOT NULL;
