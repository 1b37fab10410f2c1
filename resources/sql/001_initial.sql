-- Curation Workbench schema, version 1.
-- Three sources in one file: the case registry (live), reviewed experience
-- (canonical, versioned) and the search projection (derived, rebuildable),
-- plus identity, outbox, audit, memory-use and judgments.
-- Times are RFC 3339 UTC text; lists that are only ever read whole are JSON
-- text; anything the engine filters on has its own indexed table.

-- Identity and access ---------------------------------------------------------

CREATE TABLE tenants (
    id   TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE principals (
    id      TEXT PRIMARY KEY NOT NULL,
    name    TEXT NOT NULL,
    os_user TEXT UNIQUE
) WITHOUT ROWID;

CREATE TABLE principal_roles (
    principal TEXT NOT NULL REFERENCES principals(id) ON DELETE CASCADE,
    role      TEXT NOT NULL CHECK (role IN ('curator','domain_owner','analyst','admin')),
    PRIMARY KEY (principal, role)
) WITHOUT ROWID;

-- Tenants whose cases a principal may read.
CREATE TABLE principal_tenants (
    principal TEXT NOT NULL REFERENCES principals(id) ON DELETE CASCADE,
    tenant    TEXT NOT NULL REFERENCES tenants(id),
    PRIMARY KEY (principal, tenant)
) WITHOUT ROWID;

-- Domains a domain owner owns.
CREATE TABLE principal_domains (
    principal TEXT NOT NULL REFERENCES principals(id) ON DELETE CASCADE,
    domain    TEXT NOT NULL,
    PRIMARY KEY (principal, domain)
) WITHOUT ROWID;

-- Case registry -----------------------------------------------------------------

-- A case is identified canonically by (tenant, source system, source request).
CREATE TABLE cases (
    id              INTEGER PRIMARY KEY,
    tenant          TEXT NOT NULL REFERENCES tenants(id),
    source_system   TEXT NOT NULL,
    source_request  TEXT NOT NULL,
    title           TEXT NOT NULL,
    object          TEXT,
    request_type    TEXT,
    product         TEXT,
    product_version TEXT,
    symptom_tags    TEXT NOT NULL DEFAULT '[]',
    body            TEXT,
    status          TEXT NOT NULL DEFAULT 'open'
                    CHECK (status IN ('open','waiting','completed','cancelled')),
    route           TEXT,
    owner           TEXT,
    disposition     TEXT,
    latest_revision TEXT NOT NULL,
    opened_at       TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    UNIQUE (tenant, source_system, source_request)
);
CREATE INDEX cases_by_object ON cases(tenant, object);
CREATE INDEX cases_by_status ON cases(tenant, status);

-- Extra grants: a principal may read one case outside its tenants.
CREATE TABLE grants (
    principal TEXT NOT NULL REFERENCES principals(id) ON DELETE CASCADE,
    case_id   INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    PRIMARY KEY (principal, case_id)
) WITHOUT ROWID;

-- One row per delivery. attach_reason says why it joined its case.
CREATE TABLE arrivals (
    id              INTEGER PRIMARY KEY,
    case_id         INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    source_revision TEXT NOT NULL,
    delivery_id     TEXT NOT NULL,
    received_at     TEXT NOT NULL,
    title           TEXT NOT NULL,
    body            TEXT,
    attach_kind     TEXT NOT NULL
                    CHECK (attach_kind IN ('new-case','new-revision','duplicate-delivery')),
    attach_reason   TEXT NOT NULL,
    UNIQUE (case_id, delivery_id)
);
CREATE INDEX arrivals_by_revision ON arrivals(case_id, source_revision);

CREATE TABLE case_updates (
    id          INTEGER PRIMARY KEY,
    case_id     INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    status      TEXT NOT NULL,
    route       TEXT,
    owner       TEXT,
    disposition TEXT,
    at          TEXT NOT NULL
);
-- One row per distinct update: the same update delivered again is recorded once.
CREATE UNIQUE INDEX case_updates_by_case ON case_updates(case_id, at, status,
    coalesce(route, ''), coalesce(owner, ''), coalesce(disposition, ''));

CREATE TABLE proof_records (
    id           INTEGER PRIMARY KEY,
    case_id      INTEGER NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    proof_id     TEXT NOT NULL,
    kind         TEXT NOT NULL,
    title        TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content      TEXT NOT NULL,
    result       TEXT NOT NULL CHECK (result IN ('verified','failed','unverified')),
    captured_at  TEXT NOT NULL,
    UNIQUE (case_id, proof_id)
);

-- Reviewed experience -------------------------------------------------------------

-- An article has a stable canonical ref and a sequence of revisions.
CREATE TABLE articles (
    id          INTEGER PRIMARY KEY,
    ref         TEXT NOT NULL UNIQUE,
    kind        TEXT NOT NULL CHECK (kind IN ('experience','domain-article','skill','decision')),
    domain      TEXT NOT NULL,
    owner       TEXT,
    source_path TEXT,          -- memory import: path under contexts/memory/
    created_at  TEXT NOT NULL
);
CREATE INDEX articles_by_domain ON articles(domain, kind);

-- state: proposed -> approved -> active -> superseded | retired; or rejected.
-- version is bumped by every change (optimistic concurrency).
-- valid_from/valid_to bound the interval in which the revision was current.
CREATE TABLE revisions (
    id               INTEGER PRIMARY KEY,
    article_id       INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    revision         INTEGER NOT NULL,
    state            TEXT NOT NULL
                     CHECK (state IN ('proposed','approved','active','superseded','retired','rejected')),
    version          INTEGER NOT NULL DEFAULT 1,
    title            TEXT NOT NULL,
    synopsis         TEXT,
    body             TEXT,
    route            TEXT,
    mechanism        TEXT,
    method           TEXT,
    outcome          TEXT,
    proof_level      TEXT CHECK (proof_level IN ('verified','executed','proposed')),
    limits           TEXT,
    product          TEXT,
    product_versions TEXT,
    level            TEXT,     -- decision records: frontmatter level
    source_status    TEXT,     -- decision records: frontmatter status as written
    effort_active_hours  REAL,
    effort_waiting_hours REAL,
    source_case_id   INTEGER REFERENCES cases(id),
    valid_from       TEXT,
    valid_to         TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    updated_by       TEXT,
    UNIQUE (article_id, revision)
);
CREATE INDEX revisions_by_state ON revisions(state, article_id);
CREATE INDEX revisions_by_case ON revisions(source_case_id);
-- Invariant: at most one active revision per article.
CREATE UNIQUE INDEX one_active_revision ON revisions(article_id) WHERE state = 'active';

-- kind 'tag' or 'symptom'.
CREATE TABLE revision_tags (
    revision_id INTEGER NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('tag','symptom')),
    tag         TEXT NOT NULL,
    PRIMARY KEY (revision_id, kind, tag)
); -- rowid kept: tags read back in the order they were given
CREATE INDEX revision_tags_by_tag ON revision_tags(kind, tag);

-- Links to other articles by ref (which may not exist yet).
CREATE TABLE revision_links (
    revision_id INTEGER NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('related_to','supersedes','superseded_by','mentions')),
    target_ref  TEXT NOT NULL,
    PRIMARY KEY (revision_id, kind, target_ref)
); -- rowid kept: links read back in the order they were given
CREATE INDEX revision_links_by_target ON revision_links(target_ref, kind);

-- An experience proposal: a candidate revision (revision_id) of an article,
-- linked to its source case and the proof records it claims.
CREATE TABLE proposals (
    id          TEXT PRIMARY KEY NOT NULL,
    revision_id INTEGER NOT NULL UNIQUE REFERENCES revisions(id),
    case_id     INTEGER REFERENCES cases(id),
    status      TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending','returned','rejected','approved','published')),
    proposed_by TEXT NOT NULL,
    proposed_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX proposals_by_status ON proposals(status, proposed_at);
-- The unfiltered queue pages on (proposed_at, id) without sorting the table.
CREATE INDEX proposals_by_time ON proposals(proposed_at);

CREATE TABLE proposal_proofs (
    proposal_id TEXT NOT NULL REFERENCES proposals(id) ON DELETE CASCADE,
    proof_id    INTEGER NOT NULL REFERENCES proof_records(id),
    PRIMARY KEY (proposal_id, proof_id)
) WITHOUT ROWID;

-- Sign-offs and decisions on one revision, taken on a given version.
CREATE TABLE reviews (
    id                  INTEGER PRIMARY KEY,
    revision_id         INTEGER NOT NULL REFERENCES revisions(id) ON DELETE CASCADE,
    decision            TEXT NOT NULL CHECK (decision IN ('approve','reject','return')),
    role                TEXT NOT NULL CHECK (role IN ('curator','domain_owner')),
    principal           TEXT NOT NULL,
    effective_principal TEXT NOT NULL,
    on_version          INTEGER NOT NULL,
    reason              TEXT NOT NULL,
    outdated            INTEGER NOT NULL DEFAULT 0,
    outdated_reason     TEXT,
    at                  TEXT NOT NULL
);
CREATE INDEX reviews_by_revision ON reviews(revision_id);

-- Who did what, when, why.
CREATE TABLE audit (
    id                  INTEGER PRIMARY KEY,
    at                  TEXT NOT NULL,
    principal           TEXT NOT NULL,
    effective_principal TEXT NOT NULL,
    action              TEXT NOT NULL,
    subject             TEXT NOT NULL,
    revision            INTEGER,
    from_version        INTEGER,
    to_version          INTEGER,
    reason              TEXT,
    details             TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_by_subject ON audit(subject, at);

-- Outbox: events committed with the revision change they describe.
CREATE TABLE outbox (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    at         TEXT NOT NULL,
    -- revision-recorded: a revision published as not current (e.g. an
    -- imported decision filed as rejected), projected with its label.
    event      TEXT NOT NULL CHECK (event IN ('revision-activated','revision-superseded',
                                             'revision-retired','revision-corrected',
                                             'revision-recorded')),
    ref        TEXT NOT NULL,
    revision   INTEGER NOT NULL,
    domain     TEXT NOT NULL,
    payload    TEXT NOT NULL DEFAULT '{}'
);
-- Per (ref, revision): visibility, lag and rebuild look events up by ref.
CREATE INDEX outbox_by_ref ON outbox(ref, revision);

-- Search projection (derived; rebuildable from canonical state) -------------------

CREATE TABLE projector_state (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    watermark  INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT
);
INSERT INTO projector_state (id, watermark) VALUES (1, 0);

CREATE TABLE projector_dead_letters (
    seq   INTEGER PRIMARY KEY,
    error TEXT NOT NULL,
    at    TEXT NOT NULL
);

-- One row per projector batch that applied events (the latest 100 are kept):
-- lag reports recent throughput from them. ms is fractional milliseconds.
CREATE TABLE projector_runs (
    id           INTEGER PRIMARY KEY,
    at           TEXT NOT NULL,
    events       INTEGER NOT NULL,
    dead_letters INTEGER NOT NULL DEFAULT 0,
    ms           REAL NOT NULL,
    watermark    INTEGER NOT NULL
);

-- One row per published ref: the highest published revision, its approved
-- fields copied (never invented) and its status. Status other than 'active'
-- (superseded, retired, rejected) stays LABELLED in the projection so memory
-- search can report non-current records as the files would; only
-- status = 'active' is current. See docs/projection.md.
CREATE TABLE projection (
    ref                  TEXT PRIMARY KEY NOT NULL,
    revision             INTEGER NOT NULL,
    kind                 TEXT NOT NULL,
    domain               TEXT NOT NULL,
    owner                TEXT,
    status               TEXT NOT NULL,
    level                TEXT,
    source_status        TEXT,
    title                TEXT NOT NULL,
    synopsis             TEXT,
    body                 TEXT,
    route                TEXT,
    mechanism            TEXT,
    method               TEXT,
    outcome              TEXT,
    proof_level          TEXT,
    limits               TEXT,
    product              TEXT,
    product_versions     TEXT,
    effort_active_hours  REAL,
    effort_waiting_hours REAL,
    tags                 TEXT NOT NULL DEFAULT '[]',
    symptom_tags         TEXT NOT NULL DEFAULT '[]',
    related_to           TEXT NOT NULL DEFAULT '[]',
    mentions             TEXT NOT NULL DEFAULT '[]',
    source_case_id       INTEGER,
    source_path          TEXT,
    valid_from           TEXT,
    valid_to             TEXT,
    updated_at           TEXT,
    projected_seq        INTEGER NOT NULL -- seq of the last event that touched the ref
);
CREATE INDEX projection_by_domain ON projection(domain, kind);
CREATE INDEX projection_by_status ON projection(status, domain);

-- projection_fts.rowid = projection.rowid (join on it). body holds the
-- revision body plus mechanism, method, outcome and limits, so content search
-- sees the claim.
CREATE VIRTUAL TABLE projection_fts USING fts5(
    ref UNINDEXED, title, synopsis, body,
    tokenize = 'unicode61 remove_diacritics 2'
);

-- Memory search Mode B's sort keys: one compact row per projected memory file
-- (id = projection.rowid = projection_fts.rowid), kept by the triggers below
-- so neither the projector nor the rebuild has to know about it. Ranking joins
-- every FTS match to this table instead of to projection, whose wide rows
-- (bodies) would cost a page read per match and break the 1.5x-of-bare-MATCH
-- target (DESIGN.md §8; docs/memory-search.md).
CREATE TABLE projection_memory (
    id          INTEGER PRIMARY KEY,
    updated_at  TEXT,
    is_other    INTEGER NOT NULL, -- 0 decision, 1 any other file
    number      INTEGER,          -- the DEC number of a decision
    source_path TEXT NOT NULL
);

CREATE TRIGGER projection_memory_insert AFTER INSERT ON projection
WHEN NEW.source_path IS NOT NULL BEGIN
    INSERT INTO projection_memory (id, updated_at, is_other, number, source_path)
    VALUES (NEW.rowid, NEW.updated_at, NEW.kind <> 'decision',
            CASE WHEN NEW.kind = 'decision' THEN CAST(substr(NEW.ref, 5) AS INTEGER) END,
            NEW.source_path);
END;

CREATE TRIGGER projection_memory_update AFTER UPDATE ON projection BEGIN
    DELETE FROM projection_memory WHERE id = OLD.rowid;
    INSERT INTO projection_memory (id, updated_at, is_other, number, source_path)
    SELECT NEW.rowid, NEW.updated_at, NEW.kind <> 'decision',
           CASE WHEN NEW.kind = 'decision' THEN CAST(substr(NEW.ref, 5) AS INTEGER) END,
           NEW.source_path
    WHERE NEW.source_path IS NOT NULL;
END;

CREATE TRIGGER projection_memory_delete AFTER DELETE ON projection BEGIN
    DELETE FROM projection_memory WHERE id = OLD.rowid;
END;

-- Retrieval records --------------------------------------------------------------

CREATE TABLE memory_use (
    id                  INTEGER PRIMARY KEY,
    at                  TEXT NOT NULL,
    strategy            TEXT NOT NULL,
    strategy_version    INTEGER NOT NULL,
    principal           TEXT NOT NULL,
    effective_principal TEXT NOT NULL,
    inputs              TEXT NOT NULL,
    watermark           INTEGER NOT NULL,
    canonical_head      INTEGER NOT NULL,
    candidates          TEXT NOT NULL,
    reads               TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE memory_use_verdicts (
    id            INTEGER PRIMARY KEY,
    memory_use_id INTEGER NOT NULL REFERENCES memory_use(id) ON DELETE CASCADE,
    ref           TEXT NOT NULL,
    revision      INTEGER NOT NULL,
    verdict       TEXT NOT NULL CHECK (verdict IN ('applies','rejected','needs-check')),
    reason        TEXT NOT NULL,
    principal     TEXT NOT NULL,
    at            TEXT NOT NULL
);
CREATE INDEX verdicts_by_use ON memory_use_verdicts(memory_use_id);

-- Judged query sets for scoring strategies.
CREATE TABLE judgment_sets (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    description TEXT
);

CREATE TABLE judgments (
    id       INTEGER PRIMARY KEY,
    set_id   INTEGER NOT NULL REFERENCES judgment_sets(id) ON DELETE CASCADE,
    query    TEXT NOT NULL,     -- JSON: the retrieval input
    ref      TEXT NOT NULL,
    revision INTEGER,
    grade    INTEGER NOT NULL CHECK (grade BETWEEN 0 AND 3)
);
CREATE INDEX judgments_by_set ON judgments(set_id);

-- Ingest ---------------------------------------------------------------------------

-- Digests of the JSON Lines records that created a proposal or an article
-- revision. Those records carry no natural delivery identity, so this is how a
-- re-ingest of the same file is recognised and left alone.
CREATE TABLE ingest_records (
    digest  TEXT PRIMARY KEY NOT NULL, -- SHA-1 of the record's compact JSON, hex
    subject TEXT NOT NULL,             -- 'proposal PR-1', 'article KB-12 revision 2'
    at      TEXT NOT NULL
) WITHOUT ROWID;
