-- Schema step 8: erasure, retention and source change (issue 17).
--
-- (Step 7 is the evaluation tables, on their own branch; this file keeps its
-- number so the two merge in either order of review.)
--
-- source_case_erased: the revision's source case was erased. The article
-- keeps its sanitised general pattern; source_case_id is NULL and this says
-- why, so the link reads "erased" rather than "none".
ALTER TABLE revisions ADD COLUMN source_case_erased INTEGER NOT NULL DEFAULT 0;

-- A change of a source case that matters to what was derived from it. An
-- open row (cleared_at NULL) flags the revision `source-changed` in
-- retrieval and puts it in its owner's due list until an owner re-verifies
-- (model/review/SourceChanges) or retires it. `detail` names the change in
-- plain words and never quotes the case: an erased case leaves its flag.
CREATE TABLE revision_source_changes (
    id          INTEGER PRIMARY KEY,
    revision_id INTEGER NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    change      TEXT NOT NULL CHECK (change IN ('proof-failed','proof-replaced',
                                                 'case-reopened','disposition-changed',
                                                 'case-erased')),
    detail      TEXT NOT NULL,
    at          TEXT NOT NULL,
    cleared_at  TEXT,
    cleared_by  TEXT
);
CREATE INDEX revision_source_changes_open ON revision_source_changes(revision_id)
    WHERE cleared_at IS NULL;

-- The changes are recognised where they are written, whichever path writes
-- them (ingest, a future sync): triggers on the case registry. Only active
-- revisions are flagged: nothing else is current.
CREATE TRIGGER source_change_proof_failed AFTER INSERT ON proof_records
WHEN NEW.result = 'failed' BEGIN
    INSERT INTO revision_source_changes (revision_id, change, detail, at)
    SELECT r.id, 'proof-failed', 'a new proof record of the source case failed', NEW.captured_at
    FROM revisions r WHERE r.source_case_id = NEW.case_id AND r.state = 'active';
END;

CREATE TRIGGER source_change_proof_replaced AFTER UPDATE OF content, result ON proof_records
WHEN OLD.content IS NOT NEW.content OR OLD.result IS NOT NEW.result BEGIN
    INSERT INTO revision_source_changes (revision_id, change, detail, at)
    SELECT r.id, 'proof-replaced', 'a proof record of the source case was replaced',
           NEW.captured_at
    FROM revisions r WHERE r.source_case_id = NEW.case_id AND r.state = 'active';
END;

CREATE TRIGGER source_change_case_reopened AFTER UPDATE OF status ON cases
WHEN OLD.status IN ('completed','cancelled') AND NEW.status IN ('open','waiting') BEGIN
    INSERT INTO revision_source_changes (revision_id, change, detail, at)
    SELECT r.id, 'case-reopened', 'the source case was reopened', NEW.updated_at
    FROM revisions r WHERE r.source_case_id = NEW.id AND r.state = 'active';
END;

CREATE TRIGGER source_change_disposition AFTER UPDATE OF disposition ON cases
WHEN OLD.disposition IS NOT NULL AND OLD.disposition IS NOT NEW.disposition BEGIN
    INSERT INTO revision_source_changes (revision_id, change, detail, at)
    SELECT r.id, 'disposition-changed', 'the source case''s disposition changed', NEW.updated_at
    FROM revisions r WHERE r.source_case_id = NEW.id AND r.state = 'active';
END;

-- Per-database settings (retention). Keys are fixed by the program
-- (model/erasure/RetentionSettings); values are text.
CREATE TABLE settings (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
) WITHOUT ROWID;
