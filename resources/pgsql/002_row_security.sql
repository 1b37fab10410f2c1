-- Schema step 2: row-level security, a second wall under the model's policy.
--
-- The rule is the model's, decided there and only mirrored here
-- (docs/access-policy.md):
-- - A principal reads a case, its arrivals, updates and proof records when
--   the case's tenant is one of its tenants or it holds a grant for the case
--   (IdentityStore::canReadCase, Access::mayReadCase; no exception for
--   admins).
-- - It writes case rows only in its own tenants: a grant is a grant to read
--   (the grants table; Access::mayErase scopes the one case write the model
--   offers besides ingest to the principal's tenants).
-- - Proposals (and the proofs they claim) are read by everyone: the queue,
--   `proposals`, `show` and the exports list every proposal and redact the
--   case handle of a case the principal may not read (ReviewQueue::redact,
--   RecordViews::proposalView). Deciding on or editing one needs the case to
--   be readable (Access::caseInScope).
-- - Memory use is read by the principal it ran for, the real principal who
--   ran it, and admins (Access::mayJudge, mayEvaluateVerdictsOf); a
--   principal records its own, as another principal only when admin
--   (Access::mayActAsOthers); only admins delete (retention, erasure).
-- - Who may read what (principals, their roles and tenants, grants) is
--   written by admins only (Access::mayAdminister: ingest and import), and
--   grants only for cases of their tenants. Everyone reads principals,
--   roles and tenants; a grant is read by its principal and by the readers
--   of its case.
--
-- The principal is the session's role: principals.db_role = session_user.
-- A role that is no principal reads no case and no memory use. The model
-- scopes an admin acting as another principal (--as, View As) by the
-- effective principal; the server sees only the session, so here an admin
-- is scoped by its own principal.
--
-- The table owner (the role that runs the migrations) is not subject to
-- row security (no FORCE ROW LEVEL SECURITY). Principals' roles are members
-- of cw_member, which holds the table privileges. Functions named in
-- policies are SECURITY DEFINER (owned by the migrating role), so they read
-- principals, principal_tenants, grants and cases past the policies, with a
-- fixed search_path.

-- The principal of the session, or NULL.
CREATE FUNCTION cw_session_principal() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT id FROM principals WHERE db_role = session_user::text
$$;

-- The session principal's tenants, and the cases granted to it: policies
-- read them once per statement ((SELECT f())), not once per row.
CREATE FUNCTION cw_session_tenants() RETURNS text[]
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT coalesce(array_agg(tenant), '{}') FROM principal_tenants
    WHERE principal = cw_session_principal()
$$;

CREATE FUNCTION cw_session_granted_cases() RETURNS bigint[]
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT coalesce(array_agg(case_id), '{}') FROM grants
    WHERE principal = cw_session_principal()
$$;

-- IdentityStore::canReadCase, for the session's principal.
CREATE FUNCTION cw_session_reads_case(case_id bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT EXISTS (SELECT 1 FROM cases c JOIN principal_tenants pt ON pt.tenant = c.tenant
                   WHERE c.id = $1 AND pt.principal = cw_session_principal())
        OR EXISTS (SELECT 1 FROM grants g
                   WHERE g.principal = cw_session_principal() AND g.case_id = $1)
$$;

-- The case is in one of the session principal's tenants (writes).
CREATE FUNCTION cw_session_writes_case(case_id bigint) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT EXISTS (SELECT 1 FROM cases c JOIN principal_tenants pt ON pt.tenant = c.tenant
                   WHERE c.id = $1 AND pt.principal = cw_session_principal())
$$;

-- The session's principal has the role admin.
CREATE FUNCTION cw_session_is_admin() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER AS $$
    SELECT EXISTS (SELECT 1 FROM principal_roles
                   WHERE principal = cw_session_principal() AND role = 'admin')
$$;

-- A SECURITY DEFINER function resolves names in its own schema only (then
-- pg_temp, last), whatever the caller's search_path: the schema this step
-- runs in, which need not be public.
DO $$
DECLARE
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['cw_session_principal()', 'cw_session_tenants()',
                             'cw_session_granted_cases()', 'cw_session_reads_case(bigint)',
                             'cw_session_writes_case(bigint)', 'cw_session_is_admin()'] LOOP
        EXECUTE format('ALTER FUNCTION %s SET search_path = pg_catalog, %I, pg_temp',
                       f, current_schema());
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    END LOOP;
END $$;

-- The group of principals' roles. Roles belong to the cluster: the role may
-- exist already (another database of the cluster), or be made at this
-- moment by another database's migration.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'cw_member') THEN
        BEGIN
            CREATE ROLE cw_member NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN
            NULL;
        END;
    END IF;
END $$;

DO $$
BEGIN
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO cw_member', current_schema());
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO cw_member',
                   current_schema());
    EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA %I TO cw_member', current_schema());
    EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA %I TO cw_member', current_schema());
    -- The migration runner's table is the owner's.
    IF to_regclass('schema_version') IS NOT NULL THEN
        REVOKE INSERT, UPDATE, DELETE ON schema_version FROM cw_member;
    END IF;
END $$;

-- Cases: read by tenant or grant, written in the principal's tenants.
ALTER TABLE cases ENABLE ROW LEVEL SECURITY;
CREATE POLICY cases_read ON cases FOR SELECT
    USING (tenant = ANY ((SELECT cw_session_tenants())::text[])
           OR id = ANY ((SELECT cw_session_granted_cases())::bigint[]));
CREATE POLICY cases_insert ON cases FOR INSERT
    WITH CHECK (tenant = ANY ((SELECT cw_session_tenants())::text[]));
CREATE POLICY cases_update ON cases FOR UPDATE
    USING (tenant = ANY ((SELECT cw_session_tenants())::text[]))
    WITH CHECK (tenant = ANY ((SELECT cw_session_tenants())::text[]));
CREATE POLICY cases_delete ON cases FOR DELETE
    USING (tenant = ANY ((SELECT cw_session_tenants())::text[]));

-- What hangs on a case follows it.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['arrivals', 'case_updates', 'proof_records'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING (cw_session_reads_case(case_id))',
                       t || '_read', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR INSERT '
                       'WITH CHECK (cw_session_writes_case(case_id))', t || '_insert', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING (cw_session_writes_case(case_id)) '
                       'WITH CHECK (cw_session_writes_case(case_id))', t || '_update', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING (cw_session_writes_case(case_id))',
                       t || '_delete', t);
    END LOOP;
END $$;

-- Grants: a principal sees its own, and those on the cases it reads (erasure
-- lists them); admins write them, for cases of their tenants.
ALTER TABLE grants ENABLE ROW LEVEL SECURITY;
CREATE POLICY grants_read ON grants FOR SELECT
    USING (principal = (SELECT cw_session_principal()) OR cw_session_reads_case(case_id));
CREATE POLICY grants_insert ON grants FOR INSERT
    WITH CHECK ((SELECT cw_session_is_admin()) AND cw_session_writes_case(case_id));
CREATE POLICY grants_update ON grants FOR UPDATE
    USING ((SELECT cw_session_is_admin()) AND cw_session_writes_case(case_id))
    WITH CHECK ((SELECT cw_session_is_admin()) AND cw_session_writes_case(case_id));
CREATE POLICY grants_delete ON grants FOR DELETE
    USING ((SELECT cw_session_is_admin()) AND cw_session_writes_case(case_id));

-- Identity: read by everyone, written by admins.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['tenants', 'principals', 'principal_roles', 'principal_tenants',
                             'principal_domains'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING (true)', t || '_read', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR INSERT '
                       'WITH CHECK ((SELECT cw_session_is_admin()))', t || '_insert', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING ((SELECT cw_session_is_admin())) '
                       'WITH CHECK ((SELECT cw_session_is_admin()))', t || '_update', t);
        EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING ((SELECT cw_session_is_admin()))',
                       t || '_delete', t);
    END LOOP;
END $$;

-- Proposals: listed for everyone (the case handle is redacted by the model);
-- written only when the source case is readable, or there is none.
ALTER TABLE proposals ENABLE ROW LEVEL SECURITY;
CREATE POLICY proposals_read ON proposals FOR SELECT USING (true);
CREATE POLICY proposals_insert ON proposals FOR INSERT
    WITH CHECK (case_id IS NULL OR cw_session_reads_case(case_id));
CREATE POLICY proposals_update ON proposals FOR UPDATE
    USING (case_id IS NULL OR cw_session_reads_case(case_id))
    WITH CHECK (case_id IS NULL OR cw_session_reads_case(case_id));
CREATE POLICY proposals_delete ON proposals FOR DELETE
    USING (case_id IS NULL OR cw_session_reads_case(case_id));

-- A proposal's claimed proofs: listed with the proposal (the proof records
-- themselves follow their case); written through a proposal the principal
-- may write, naming a proof record it may read.
ALTER TABLE proposal_proofs ENABLE ROW LEVEL SECURITY;
CREATE POLICY proposal_proofs_read ON proposal_proofs FOR SELECT USING (true);
CREATE POLICY proposal_proofs_insert ON proposal_proofs FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM proposals p WHERE p.id = proposal_proofs.proposal_id
                        AND (p.case_id IS NULL OR cw_session_reads_case(p.case_id)))
                AND EXISTS (SELECT 1 FROM proof_records r WHERE r.id = proposal_proofs.proof_id));
CREATE POLICY proposal_proofs_update ON proposal_proofs FOR UPDATE
    USING (EXISTS (SELECT 1 FROM proposals p WHERE p.id = proposal_proofs.proposal_id
                   AND (p.case_id IS NULL OR cw_session_reads_case(p.case_id))))
    WITH CHECK (EXISTS (SELECT 1 FROM proposals p WHERE p.id = proposal_proofs.proposal_id
                        AND (p.case_id IS NULL OR cw_session_reads_case(p.case_id)))
                AND EXISTS (SELECT 1 FROM proof_records r WHERE r.id = proposal_proofs.proof_id));
CREATE POLICY proposal_proofs_delete ON proposal_proofs FOR DELETE
    USING (EXISTS (SELECT 1 FROM proposals p WHERE p.id = proposal_proofs.proposal_id
                   AND (p.case_id IS NULL OR cw_session_reads_case(p.case_id))));

-- Memory use: the principal it ran for, who ran it, and admins.
ALTER TABLE memory_use ENABLE ROW LEVEL SECURITY;
CREATE POLICY memory_use_read ON memory_use FOR SELECT
    USING (effective_principal = (SELECT cw_session_principal())
           OR principal = (SELECT cw_session_principal())
           OR (SELECT cw_session_is_admin()));
CREATE POLICY memory_use_insert ON memory_use FOR INSERT
    WITH CHECK (principal = (SELECT cw_session_principal())
                AND (effective_principal = principal OR (SELECT cw_session_is_admin())));
-- recordRead (after Access::mayJudge) and the erasure's scrub (admins).
CREATE POLICY memory_use_update ON memory_use FOR UPDATE
    USING (effective_principal = (SELECT cw_session_principal())
           OR (SELECT cw_session_is_admin()))
    WITH CHECK (effective_principal = (SELECT cw_session_principal())
                OR (SELECT cw_session_is_admin()));
CREATE POLICY memory_use_delete ON memory_use FOR DELETE
    USING ((SELECT cw_session_is_admin()));

-- Verdicts follow their memory use (the subquery is itself under memory_use's
-- policy); the principal who gives one is its real principal.
ALTER TABLE memory_use_verdicts ENABLE ROW LEVEL SECURITY;
CREATE POLICY memory_use_verdicts_read ON memory_use_verdicts FOR SELECT
    USING (EXISTS (SELECT 1 FROM memory_use m WHERE m.id = memory_use_verdicts.memory_use_id));
CREATE POLICY memory_use_verdicts_insert ON memory_use_verdicts FOR INSERT
    WITH CHECK (EXISTS (SELECT 1 FROM memory_use m WHERE m.id = memory_use_verdicts.memory_use_id)
                AND real_principal = (SELECT cw_session_principal()));
CREATE POLICY memory_use_verdicts_update ON memory_use_verdicts FOR UPDATE
    USING ((SELECT cw_session_is_admin())) WITH CHECK ((SELECT cw_session_is_admin()));
CREATE POLICY memory_use_verdicts_delete ON memory_use_verdicts FOR DELETE
    USING ((SELECT cw_session_is_admin()));
