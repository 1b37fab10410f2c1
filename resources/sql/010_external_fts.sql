-- Schema step 10: the full-text index reads its text from projection.
--
-- projection_fts kept its own copy of every indexed text (projection_fts_content),
-- so each body was stored three times: in revisions, in projection and there.
-- At real document sizes (the PEP memory x20: 14,720 files, ~19 KB bodies)
-- writing that third copy was a large share of `project` (issue #16;
-- tests/bench/bench_pepx20.sh). projection_fts is now an external-content
-- FTS5 table over projection_text, a view of projection that presents the
-- indexed text exactly as the projector wrote it before: body plus mechanism,
-- method, outcome and limits (ProjectionRows::searchText). Reading a column
-- of projection_fts (snippet, highlight, projection_fts.body) reads the view.
--
-- An external-content index is only as right as the order of its writes: an
-- FTS row is deleted while its projection row still holds the text that was
-- indexed (FTS5 reads the old values from the view to remove them), and
-- inserted after the projection row holds the new text. The projector
-- (ProjectionWriter), the rebuild and erasure do so; verify compares the
-- index with a rebuild's text indexed aside. See docs/projection.md.
--
-- hashsize: FTS5 flushes its in-memory terms to a new segment whenever they
-- pass 1 MB by default, which at ~19 KB bodies is every ~50 documents; each
-- flush writes a segment that automerge then merges again. 16 MB lets a
-- batch of the projector end as a few segments.

CREATE VIEW projection_text AS
SELECT rowid AS id, ref, title, synopsis,
       coalesce(body, '') || char(10) || coalesce(mechanism, '') || char(10) ||
       coalesce(method, '') || char(10) || coalesce(outcome, '') || char(10) ||
       coalesce(limits, '') AS body
FROM projection;

DROP TABLE projection_fts;

CREATE VIRTUAL TABLE projection_fts USING fts5(
    ref UNINDEXED, title, synopsis, body,
    tokenize = 'unicode61 remove_diacritics 2',
    content = 'projection_text', content_rowid = 'id'
);

INSERT INTO projection_fts (projection_fts, rank) VALUES ('hashsize', 16777216);
INSERT INTO projection_fts (projection_fts) VALUES ('rebuild');
INSERT INTO projection_fts (projection_fts) VALUES ('optimize');
