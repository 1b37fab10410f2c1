-- Schema step 2: the content stage's filter keys.
--
-- Retrieval's content and field stages keep the matches whose projection row
-- has the wanted revision, status, kind and domain (the field stage reaches
-- them from the tag index through revision_id). Reading those values from
-- projection itself costs a page read of a wide row (bodies) per match, three
-- times the cost of the match at 100,000 articles (DESIGN.md §8).
-- projection_keys holds them in one compact row per projection row
-- (id = projection.rowid = projection_fts.rowid), kept by the triggers below,
-- so neither the projector nor the rebuild has to know about it.
-- projection_size counts the rows, for the content stage's plan (a count(*)
-- of projection would read every row).

CREATE TABLE projection_keys (
    id          INTEGER PRIMARY KEY,
    ref         TEXT NOT NULL,
    revision    INTEGER NOT NULL,
    revision_id INTEGER, -- the canonical revision's row (revisions.id)
    status      TEXT NOT NULL,
    kind        TEXT NOT NULL,
    domain      TEXT NOT NULL
);

CREATE INDEX projection_keys_by_revision ON projection_keys(revision_id);

CREATE TABLE projection_size (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    rows INTEGER NOT NULL
);

CREATE TRIGGER projection_keys_insert AFTER INSERT ON projection BEGIN
    UPDATE projection_size SET rows = rows + 1 WHERE id = 1;
    INSERT INTO projection_keys (id, ref, revision, revision_id, status, kind, domain)
    VALUES (NEW.rowid, NEW.ref, NEW.revision,
            (SELECT r.id FROM revisions r JOIN articles a ON a.id = r.article_id
             WHERE a.ref = NEW.ref AND r.revision = NEW.revision),
            NEW.status, NEW.kind, NEW.domain);
END;

CREATE TRIGGER projection_keys_update
AFTER UPDATE OF ref, revision, status, kind, domain ON projection BEGIN
    UPDATE projection_keys
    SET ref = NEW.ref, revision = NEW.revision, status = NEW.status, kind = NEW.kind,
        domain = NEW.domain,
        revision_id = (SELECT r.id FROM revisions r JOIN articles a ON a.id = r.article_id
                       WHERE a.ref = NEW.ref AND r.revision = NEW.revision)
    WHERE id = NEW.rowid;
END;

CREATE TRIGGER projection_keys_delete AFTER DELETE ON projection BEGIN
    UPDATE projection_size SET rows = rows - 1 WHERE id = 1;
    DELETE FROM projection_keys WHERE id = OLD.rowid;
END;

INSERT INTO projection_keys (id, ref, revision, revision_id, status, kind, domain)
SELECT p.rowid, p.ref, p.revision, r.id, p.status, p.kind, p.domain
FROM projection p LEFT JOIN articles a ON a.ref = p.ref
LEFT JOIN revisions r ON r.article_id = a.id AND r.revision = p.revision;

INSERT INTO projection_size (id, rows) SELECT 1, count(*) FROM projection;
