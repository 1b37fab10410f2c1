-- Row-level security of resources/pgsql/002_row_security.sql, on a real
-- server, in plain psql. Run it as the migrating role (a superuser, or a
-- role with CREATEROLE) on a fresh database migrated to version 2:
--
--   psql -X -v ON_ERROR_STOP=1 -f tests/postgresql/rls_check.sql postgresql://cw_owner@HOST:PORT/DB
--
-- It makes the login roles rls_ana, rls_nils, rls_ada and rls_stranger
-- (members of cw_member; trust authentication on the loopback), seeds two
-- tenants, connects as each role (\c) and checks what it reads and what it
-- may write. Every check raises an error when it does not hold, so the
-- script ends with status 0 only when all hold. It drops its roles and its
-- helper schema at the end.
--
--   ana      analyst, tenant north
--   nils     curator, tenant south, a grant for north's case N-2
--   ada      admin, tenant north
--   stranger a member of cw_member that is no principal

\set ON_ERROR_STOP 1
\set QUIET 1
SELECT current_user AS owner \gset

DO $$
DECLARE
    r text;
BEGIN
    FOREACH r IN ARRAY ARRAY['rls_ana', 'rls_nils', 'rls_ada', 'rls_stranger'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
            EXECUTE format('CREATE ROLE %I LOGIN IN ROLE cw_member', r);
        END IF;
    END LOOP;
END $$;

-- Checks, run as the connected role (SECURITY INVOKER).
DROP SCHEMA IF EXISTS rls_check CASCADE;
CREATE SCHEMA rls_check;

-- The checks are procedures (CALL prints nothing); psql keeps its variables
-- (ON_ERROR_STOP, QUIET) across \c.

-- query's one value, as text, is expected.
CREATE PROCEDURE rls_check.expect(label text, query text, expected text)
LANGUAGE plpgsql AS $$
DECLARE
    got text;
BEGIN
    EXECUTE query INTO got;
    IF got IS DISTINCT FROM expected THEN
        RAISE EXCEPTION '% (%): % instead of %', label, current_user, got, expected;
    END IF;
    RAISE NOTICE 'ok  % %: %', rpad(current_user, 12), label, got;
END $$;

-- statement is refused with SQLSTATE 42501 (a row-level security policy or
-- a missing privilege), and leaves nothing.
CREATE PROCEDURE rls_check.refused(label text, statement text)
LANGUAGE plpgsql AS $$
BEGIN
    BEGIN
        EXECUTE statement;
    EXCEPTION WHEN insufficient_privilege THEN
        RAISE NOTICE 'ok  % % refused: %', rpad(current_user, 12), label, SQLERRM;
        RETURN;
    END;
    RAISE EXCEPTION '% (%): not refused', label, current_user;
END $$;

-- statement changes exactly n rows (policies hide the others).
CREATE PROCEDURE rls_check.changes(label text, statement text, n integer)
LANGUAGE plpgsql AS $$
DECLARE
    got integer;
BEGIN
    EXECUTE statement;
    GET DIAGNOSTICS got = ROW_COUNT;
    IF got <> n THEN
        RAISE EXCEPTION '% (%): % rows changed instead of %', label, current_user, got, n;
    END IF;
    RAISE NOTICE 'ok  % % changed % rows', rpad(current_user, 12), label, got;
END $$;

GRANT USAGE ON SCHEMA rls_check TO cw_member;
GRANT EXECUTE ON ALL PROCEDURES IN SCHEMA rls_check TO cw_member;

-- Seed, as the owner ------------------------------------------------------------

INSERT INTO tenants VALUES ('north', 'North'), ('south', 'South');
INSERT INTO principals (id, name, db_role) VALUES
    ('ana', 'Ana', 'rls_ana'), ('nils', 'Nils', 'rls_nils'), ('ada', 'Ada', 'rls_ada');
INSERT INTO principal_roles VALUES ('ana', 'analyst'), ('nils', 'curator'), ('ada', 'admin');
INSERT INTO principal_tenants VALUES ('ana', 'north'), ('nils', 'south'), ('ada', 'north');
INSERT INTO cases (tenant, source_system, source_request, title, latest_revision, opened_at,
                   updated_at) VALUES
    ('north', 'desk', 'N-1', 'north one', 'r1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ('north', 'desk', 'N-2', 'north two', 'r1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
    ('south', 'desk', 'S-1', 'south one', 'r1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
CREATE TEMP TABLE c AS SELECT source_request AS k, id FROM cases;
INSERT INTO grants SELECT 'nils', id FROM c WHERE k = 'N-2';
INSERT INTO arrivals (case_id, source_revision, delivery_id, received_at, title, attach_kind,
                      attach_reason)
SELECT id, 'r1', 'd-' || k, '2026-01-01T00:00:00Z', k, 'new-case', 'first' FROM c;
INSERT INTO case_updates (case_id, status, at) SELECT id, 'open', '2026-01-01T00:00:00Z' FROM c;
INSERT INTO proof_records (case_id, proof_id, kind, title, content_type, content, result,
                           captured_at)
SELECT id, 'p-' || k, 'log', 'log', 'text/plain', 'ok', 'verified', '2026-01-01T00:00:00Z' FROM c;
INSERT INTO articles (ref, kind, domain, created_at)
SELECT 'EXP-' || k, 'experience', 'billing', '2026-01-01T00:00:00Z' FROM c
UNION ALL SELECT 'EXP-none', 'experience', 'billing', '2026-01-01T00:00:00Z';
INSERT INTO revisions (article_id, revision, state, title, source_case_id, created_at, updated_at)
SELECT a.id, 1, CASE WHEN a.ref = 'EXP-N-1' THEN 'active' ELSE 'proposed' END, a.ref, c.id,
       '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
FROM articles a LEFT JOIN c ON a.ref = 'EXP-' || c.k;
INSERT INTO proposals (id, revision_id, case_id, proposed_by, proposed_at)
SELECT 'PR-' || coalesce(c.k, 'none'), r.id, c.id, 'nils', '2026-01-01T00:00:00Z'
FROM revisions r JOIN articles a ON a.id = r.article_id LEFT JOIN c ON a.ref = 'EXP-' || c.k
WHERE a.ref <> 'EXP-N-1';
INSERT INTO proposal_proofs SELECT 'PR-' || c.k, p.id FROM c JOIN proof_records p ON p.case_id = c.id
WHERE c.k <> 'N-1';
INSERT INTO memory_use (at, strategy, strategy_version, principal, effective_principal, inputs,
                        watermark, canonical_head, candidates) VALUES
    ('2026-01-01T00:00:00Z', 'balanced', 1, 'ana', 'ana', '{}', 0, 0, '[]'),
    ('2026-01-01T00:00:00Z', 'balanced', 1, 'nils', 'nils', '{}', 0, 0, '[]'),
    ('2026-01-01T00:00:00Z', 'balanced', 1, 'ada', 'ana', '{}', 0, 0, '[]');
INSERT INTO memory_use_verdicts (memory_use_id, ref, revision, verdict, reason, principal, at,
                                 real_principal)
SELECT id, 'EXP-1', 1, 'applies', 'r', effective_principal, '2026-01-01T00:00:00Z', principal
FROM memory_use;

-- The owner is not subject to row security.
CALL rls_check.expect('cases', 'SELECT count(*) FROM cases', '3');
CALL rls_check.expect('memory', 'SELECT count(*) FROM memory_use', '3');

-- ana: analyst of north ------------------------------------------------------------
\c - rls_ana
CALL rls_check.expect('principal', 'SELECT cw_session_principal()', 'ana');
CALL rls_check.expect('cases',
    'SELECT string_agg(source_request, '','' ORDER BY source_request) FROM cases', 'N-1,N-2');
CALL rls_check.expect('arrivals',
    'SELECT string_agg(title, '','' ORDER BY title) FROM arrivals', 'N-1,N-2');
CALL rls_check.expect('updates', 'SELECT count(*) FROM case_updates', '2');
CALL rls_check.expect('proofs',
    'SELECT string_agg(proof_id, '','' ORDER BY proof_id) FROM proof_records', 'p-N-1,p-N-2');
-- Case ids are 1, 2, 3 for N-1, N-2, S-1 (a fresh database).
CALL rls_check.expect('reads 1,2,3',
    'SELECT string_agg(cw_session_reads_case(i)::text, '','' ORDER BY i) FROM generate_series(1, 3) i',
    'true,true,false');
-- nils's grant is on a case ana reads: she sees it (erasure lists it).
CALL rls_check.expect('grants', 'SELECT string_agg(principal, '','') FROM grants', 'nils');
-- Proposals are listed for everyone; the model redacts the case handle.
CALL rls_check.expect('proposals',
    'SELECT string_agg(id, '','' ORDER BY id) FROM proposals', 'PR-N-2,PR-S-1,PR-none');
CALL rls_check.expect('claimed', 'SELECT count(*) FROM proposal_proofs', '2');
CALL rls_check.expect('case of PR-S-1',
    'SELECT count(*) FROM proposals p JOIN cases c ON c.id = p.case_id WHERE p.id = ''PR-S-1''', '0');
-- Her own retrieval, and the one ada ran as her.
CALL rls_check.expect('memory',
    'SELECT string_agg(principal || ''/'' || effective_principal, '','' ORDER BY id) FROM memory_use',
    'ana/ana,ada/ana');
CALL rls_check.expect('verdicts', 'SELECT count(*) FROM memory_use_verdicts', '2');

CALL rls_check.refused('case in south',
    $$INSERT INTO cases (tenant, source_system, source_request, title, latest_revision, opened_at,
      updated_at) VALUES ('south', 'desk', 'S-9', 'planted', 'r1', '2026-01-02T00:00:00Z',
      '2026-01-02T00:00:00Z')$$);
CALL rls_check.refused('move N-1 south',
    $$UPDATE cases SET tenant = 'south' WHERE source_request = 'N-1'$$);
CALL rls_check.refused('arrival on S-1',
    $$INSERT INTO arrivals (case_id, source_revision, delivery_id, received_at, title, attach_kind,
      attach_reason) VALUES (3, 'r2', 'x', '2026-01-02T00:00:00Z', 'planted', 'new-revision', 'x')$$);
CALL rls_check.refused('proof on S-1',
    $$INSERT INTO proof_records (case_id, proof_id, kind, title, content_type, content, result,
      captured_at) VALUES (3, 'p9', 'log', 'l', 'text/plain', 'x', 'failed', '2026-01-02T00:00:00Z')$$);
CALL rls_check.changes('south title', $$UPDATE cases SET title = 'changed' WHERE tenant = 'south'$$, 0);
CALL rls_check.changes('south proofs', $$DELETE FROM proof_records WHERE case_id = 3$$, 0);
CALL rls_check.changes('PR-S-1 status', $$UPDATE proposals SET status = 'returned' WHERE id = 'PR-S-1'$$, 0);
CALL rls_check.refused('grant herself S-1', $$INSERT INTO grants VALUES ('ana', 3)$$);
CALL rls_check.refused('join south', $$INSERT INTO principal_tenants VALUES ('ana', 'south')$$);
CALL rls_check.changes('take nils''s role',
    $$UPDATE principals SET db_role = NULL WHERE id = 'nils'$$, 0);
CALL rls_check.refused('memory as nils',
    $$INSERT INTO memory_use (at, strategy, strategy_version, principal, effective_principal,
      inputs, watermark, canonical_head, candidates) VALUES ('2026-01-02T00:00:00Z', 'balanced', 1,
      'nils', 'nils', '{}', 0, 0, '[]')$$);
CALL rls_check.refused('act as nils',
    $$INSERT INTO memory_use (at, strategy, strategy_version, principal, effective_principal,
      inputs, watermark, canonical_head, candidates) VALUES ('2026-01-02T00:00:00Z', 'balanced', 1,
      'ana', 'nils', '{}', 0, 0, '[]')$$);
CALL rls_check.refused('truncate', $$TRUNCATE cases CASCADE$$);
-- What she may write.
CALL rls_check.changes('own memory',
    $$INSERT INTO memory_use (at, strategy, strategy_version, principal, effective_principal,
      inputs, watermark, canonical_head, candidates) VALUES ('2026-01-02T00:00:00Z', 'balanced', 1,
      'ana', 'ana', '{}', 0, 0, '[]')$$, 1);
CALL rls_check.changes('PR-N-2 status', $$UPDATE proposals SET status = 'returned' WHERE id = 'PR-N-2'$$, 1);
-- A failed proof on N-1 flags N-1's active revision: the trigger runs for a
-- member too.
CALL rls_check.changes('failed proof on N-1',
    $$INSERT INTO proof_records (case_id, proof_id, kind, title, content_type, content, result,
      captured_at) SELECT id, 'p-fail', 'log', 'l', 'text/plain', 'boom', 'failed',
      '2026-01-02T00:00:00Z' FROM cases WHERE source_request = 'N-1'$$, 1);
CALL rls_check.expect('flagged',
    $$SELECT string_agg(a.ref || ' ' || s.change, ',') FROM revision_source_changes s
      JOIN revisions r ON r.id = s.revision_id JOIN articles a ON a.id = r.article_id$$,
    'EXP-N-1 proof-failed');

-- nils: curator of south, a grant for N-2 -----------------------------------------
\c - rls_nils
CALL rls_check.expect('cases',
    'SELECT string_agg(source_request, '','' ORDER BY source_request) FROM cases', 'N-2,S-1');
CALL rls_check.expect('arrivals',
    'SELECT string_agg(title, '','' ORDER BY title) FROM arrivals', 'N-2,S-1');
CALL rls_check.expect('proofs', 'SELECT count(*) FROM proof_records', '2');
CALL rls_check.expect('memory', 'SELECT string_agg(principal, '','') FROM memory_use', 'nils');
CALL rls_check.expect('verdicts', 'SELECT string_agg(principal, '','') FROM memory_use_verdicts', 'nils');
-- A grant is a grant to read.
CALL rls_check.refused('arrival on granted N-2',
    $$INSERT INTO arrivals (case_id, source_revision, delivery_id, received_at, title, attach_kind,
      attach_reason) SELECT id, 'r2', 'x', '2026-01-02T00:00:00Z', 'planted', 'new-revision', 'x'
      FROM cases WHERE source_request = 'N-2'$$);
CALL rls_check.changes('granted N-2 title',
    $$UPDATE cases SET title = 'changed' WHERE source_request = 'N-2'$$, 0);
-- Deciding on a proposal needs its case readable: N-2 is (granted), N-1's is not.
CALL rls_check.changes('PR-N-2 status', $$UPDATE proposals SET status = 'pending' WHERE id = 'PR-N-2'$$, 1);
CALL rls_check.changes('case-less PR-none', $$UPDATE proposals SET status = 'pending' WHERE id = 'PR-none'$$, 1);
CALL rls_check.changes('own tenant S-1',
    $$UPDATE cases SET title = 'south one!' WHERE source_request = 'S-1'$$, 1);

-- ada: admin of north ------------------------------------------------------------
\c - rls_ada
-- No exception for admins in reading cases (IdentityStore::canReadCase).
CALL rls_check.expect('cases',
    'SELECT string_agg(source_request, '','' ORDER BY source_request) FROM cases', 'N-1,N-2');
-- Admins read every memory use (Access::mayJudge).
CALL rls_check.expect('memory', 'SELECT count(*) FROM memory_use', '4');
CALL rls_check.expect('verdicts', 'SELECT count(*) FROM memory_use_verdicts', '3');
CALL rls_check.changes('act as nils',
    $$INSERT INTO memory_use (at, strategy, strategy_version, principal, effective_principal,
      inputs, watermark, canonical_head, candidates) VALUES ('2026-01-02T00:00:00Z', 'balanced', 1,
      'ada', 'nils', '{}', 0, 0, '[]')$$, 1);
CALL rls_check.changes('grant N-1 to nils',
    $$INSERT INTO grants SELECT 'nils', id FROM cases WHERE source_request = 'N-1'$$, 1);
CALL rls_check.refused('grant S-1', $$INSERT INTO grants VALUES ('ana', 3)$$);
CALL rls_check.changes('principal_tenants', $$INSERT INTO principal_tenants VALUES ('ana', 'south')$$, 1);
CALL rls_check.changes('undo', $$DELETE FROM principal_tenants WHERE principal = 'ana' AND tenant = 'south'$$, 1);
CALL rls_check.changes('retention', $$DELETE FROM memory_use WHERE effective_principal = 'nils'$$, 2);

-- stranger: a member that is no principal ---------------------------------------------
\c - rls_stranger
CALL rls_check.expect('principal', 'SELECT cw_session_principal()', NULL);
CALL rls_check.expect('cases', 'SELECT count(*) FROM cases', '0');
CALL rls_check.expect('arrivals', 'SELECT count(*) FROM arrivals', '0');
CALL rls_check.expect('grants', 'SELECT count(*) FROM grants', '0');
CALL rls_check.expect('memory', 'SELECT count(*) FROM memory_use', '0');
CALL rls_check.expect('proposals', 'SELECT count(*) FROM proposals', '3');
CALL rls_check.refused('case in north',
    $$INSERT INTO cases (tenant, source_system, source_request, title, latest_revision, opened_at,
      updated_at) VALUES ('north', 'desk', 'N-9', 'planted', 'r1', '2026-01-02T00:00:00Z',
      '2026-01-02T00:00:00Z')$$);
CALL rls_check.refused('become ana', $$INSERT INTO principals (id, name, db_role) VALUES ('x', 'x', 'rls_stranger')$$);

-- The owner again: what the others' writes left --------------------------------------
\c - :owner
CALL rls_check.expect('cases',
    $$SELECT string_agg(source_request || ':' || tenant || ':' || title, ',' ORDER BY source_request)
      FROM cases$$, 'N-1:north:north one,N-2:north:north two,S-1:south:south one!');
CALL rls_check.expect('arrivals', 'SELECT count(*) FROM arrivals', '3');
CALL rls_check.expect('proofs', 'SELECT count(*) FROM proof_records', '4');
CALL rls_check.expect('grants',
    $$SELECT string_agg(g.principal || ':' || c.source_request, ',' ORDER BY c.source_request)
      FROM grants g JOIN cases c ON c.id = g.case_id$$, 'nils:N-1,nils:N-2');
CALL rls_check.expect('principal_tenants',
    $$SELECT string_agg(principal || ':' || tenant, ',' ORDER BY principal) FROM principal_tenants$$,
    'ada:north,ana:north,nils:south');
CALL rls_check.expect('memory',
    $$SELECT string_agg(principal || '/' || effective_principal, ',' ORDER BY id) FROM memory_use$$,
    'ana/ana,ada/ana,ana/ana');
CALL rls_check.expect('proposals',
    $$SELECT string_agg(id || ':' || status, ',' ORDER BY id) FROM proposals$$,
    'PR-N-2:pending,PR-S-1:pending,PR-none:pending');

DROP SCHEMA rls_check CASCADE;
DROP ROLE rls_ana, rls_nils, rls_ada, rls_stranger;
\echo rls_check: all checks hold
