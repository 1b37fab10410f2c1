-- Retrieval evaluation (INTERFACES.md §8): judged query sets and the runs
-- scored on them.
--
-- A set is stored whole, as the canonical JSON of what was imported (its
-- queries, judgments, required facts, forbidden refs and pairs): it is only
-- ever read whole, and its hash is what a run's signature names. Re-importing
-- the same content finds the same hash and writes nothing.
CREATE TABLE eval_sets (
    id           TEXT PRIMARY KEY NOT NULL, -- the set's id as written in its file
    name         TEXT NOT NULL,
    content_hash TEXT NOT NULL,             -- sha256 of the canonical content, hex
    content      TEXT NOT NULL,             -- JSON: the set as imported
    queries      INTEGER NOT NULL,
    judgments    INTEGER NOT NULL,
    imported_at  TEXT NOT NULL,
    imported_by  TEXT NOT NULL
) WITHOUT ROWID;

-- One run of one set with one strategy version. The signature hashes the
-- set's content, the strategy definition and the projection state; the
-- parts are kept so `eval runs` can say which of them changed (drift).
CREATE TABLE eval_runs (
    id                  INTEGER PRIMARY KEY,
    set_id              TEXT NOT NULL REFERENCES eval_sets(id) ON DELETE CASCADE,
    set_hash            TEXT NOT NULL,
    strategy            TEXT NOT NULL, -- id@version
    strategy_hash       TEXT NOT NULL,
    k                   INTEGER NOT NULL,
    watermark           INTEGER NOT NULL,
    projection_hash     TEXT NOT NULL, -- sha256 of the (ref, revision) rows the projection holds
    signature           TEXT NOT NULL,
    at                  TEXT NOT NULL,
    principal           TEXT NOT NULL,
    effective_principal TEXT NOT NULL,
    metrics             TEXT NOT NULL, -- JSON object: the means
    pairs               TEXT NOT NULL, -- JSON object: held, total, per pair
    queries             TEXT NOT NULL  -- JSON array: per query metrics and ranked candidates
);
CREATE INDEX eval_runs_by_set ON eval_runs(set_id, id);
