-- Schema step 3: the field stage answered from indexes alone.
--
-- The field stage goes from a request's symptom tags and tags to the
-- published revisions that carry them: tag index -> revision_id ->
-- projection_keys (status, kind, domain, ref, revision). With revision_id
-- and those keys inside the indexes, each of the few hundred matches of a
-- common tag costs one index entry instead of an index entry and a table row
-- (two B-tree descents), a fifth of a retrieval at 1M cases (DESIGN.md §8).
-- The new indexes keep the old names and start with the old columns, so
-- every query that used them still does.

DROP INDEX revision_tags_by_tag;
CREATE INDEX revision_tags_by_tag ON revision_tags(kind, tag, revision_id);

DROP INDEX projection_keys_by_revision;
CREATE INDEX projection_keys_by_revision
    ON projection_keys(revision_id, status, kind, domain, ref, revision);
