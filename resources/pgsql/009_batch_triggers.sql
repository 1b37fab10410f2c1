-- The projector writes a batch in one statement (ProjectionWriter's upsert,
-- a rebuild's INSERT ... SELECT), but the side tables were kept by row
-- triggers: per inserted row a plpgsql call each for the keys, the content
-- index, the memory row and the frontmatter row, one update of the one
-- projection_size row (a new row version each: 300 of them in a batch), and
-- one revision lookup by index (issue #15: the row triggers were most of a
-- batch's time at 1,000,000 cases, docs/postgresql.md). Step 9 keeps them
-- per statement over the inserted rows (a transition table): one size
-- update, one join for the revisions, one INSERT ... SELECT per side table.
--
-- UPDATE and DELETE keep their row triggers: PostgreSQL allows no transition
-- table on a trigger with a column list, and the content index re-indexes
-- only the rows whose text changed. The memory and frontmatter rows' update
-- triggers now fire only when a column they copy is set (the projector's
-- move of projected_seq sets none of them).

DROP TRIGGER projection_keys_insert ON projection;
DROP TRIGGER projection_fts_insert ON projection;
DROP TRIGGER projection_memory_insert ON projection;
DROP TRIGGER projection_frontmatter_insert ON projection;
DROP FUNCTION projection_keys_insert();
DROP FUNCTION projection_fts_insert();
DROP FUNCTION projection_memory_insert();
DROP FUNCTION projection_frontmatter_insert();

-- What the four row triggers did, for every inserted row at once. A key's
-- revision is looked up by index row by row (a join would hash every
-- article for a batch of 300); the content document's body is
-- projection_text's (the claim's fields after the body), read from the
-- inserted rows rather than looked up again.
CREATE FUNCTION projection_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE projection_size SET rows = rows + (SELECT count(*) FROM inserted) WHERE id = 1;
    INSERT INTO projection_keys (id, ref, revision, revision_id, status, kind, domain)
    SELECT n.rowid, n.ref, n.revision,
           (SELECT r.id FROM revisions r JOIN articles a ON a.id = r.article_id
            WHERE a.ref = n.ref AND r.revision = n.revision),
           n.status, n.kind, n.domain
    FROM inserted n;
    INSERT INTO projection_fts (rowid, document)
    SELECT n.rowid,
           cw_projection_document(n.title, n.synopsis,
                                  coalesce(n.body, '') || chr(10) || coalesce(n.mechanism, '') ||
                                  chr(10) || coalesce(n.method, '') || chr(10) ||
                                  coalesce(n.outcome, '') || chr(10) || coalesce(n.limits, ''))
    FROM inserted n;
    INSERT INTO projection_memory (id, updated_at, is_other, number, source_path)
    SELECT n.rowid, n.updated_at, (n.kind <> 'decision')::int,
           CASE WHEN n.kind = 'decision' THEN cw_sqlite_integer(substr(n.ref, 5)) END,
           n.source_path
    FROM inserted n WHERE n.source_path IS NOT NULL;
    INSERT INTO projection_frontmatter (id, ref, kind, source_path, title, status, domain, level,
                                        source_status, number, tags, related_to)
    SELECT n.rowid, n.ref, n.kind, n.source_path, n.title, n.status, n.domain, n.level,
           n.source_status, cw_sqlite_integer(substr(n.ref, 5)), n.tags, n.related_to
    FROM inserted n
    WHERE n.source_path IS NOT NULL AND n.kind = 'decision'
          AND n.source_path ILIKE 'decisions/DEC-%';
    RETURN NULL;
END $$;
CREATE TRIGGER projection_inserted AFTER INSERT ON projection
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION projection_inserted();

DROP TRIGGER projection_memory_update ON projection;
CREATE TRIGGER projection_memory_update
AFTER UPDATE OF rowid, ref, kind, updated_at, source_path ON projection
FOR EACH ROW EXECUTE FUNCTION projection_memory_update();

DROP TRIGGER projection_frontmatter_update ON projection;
CREATE TRIGGER projection_frontmatter_update
AFTER UPDATE OF rowid, ref, kind, source_path, title, status, domain, level, source_status, tags,
                related_to ON projection
FOR EACH ROW EXECUTE FUNCTION projection_frontmatter_update();
