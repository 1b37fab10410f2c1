-- Live updates (issue #15, docs/postgresql.md "Live updates"): a commit that
-- appends to the outbox (a decision, an ingest, anything that changes what
-- is current) notifies cw_outbox; a projector batch that moves the
-- watermark notifies cw_projection. Listeners (project --follow, the
-- workbench's lag monitor) wait for these instead of polling. PostgreSQL
-- sends a notification when, and only if, its transaction commits, and
-- sends one per channel and transaction however many rows it wrote.

CREATE FUNCTION cw_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('cw_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER outbox_notify AFTER INSERT ON outbox
    FOR EACH STATEMENT EXECUTE FUNCTION cw_notify_outbox();

CREATE FUNCTION cw_notify_projection() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('cw_projection', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER projector_state_notify AFTER UPDATE ON projector_state
    FOR EACH STATEMENT EXECUTE FUNCTION cw_notify_projection();
