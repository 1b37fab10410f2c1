-- Live updates for what moves no outbox event (docs/postgresql.md "Live
-- updates"): the first sign-off of a two-person review, a returned or
-- edited proposal, a principal or a grant changed. Each of these writes its
-- audit row in the transaction that makes it, so a commit that appends to
-- the audit notifies cw_audit; a workbench that follows a server reloads
-- its queue then, as it does on cw_outbox.

CREATE FUNCTION cw_notify_audit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('cw_audit', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER audit_notify AFTER INSERT ON audit
    FOR EACH STATEMENT EXECUTE FUNCTION cw_notify_audit();
