-- Schema step 9: memory search Mode A's frontmatter rows.
--
-- Mode A filters decisions/DEC-*.md files on frontmatter fields (domain,
-- level, status, tags, related_to) and ranks them by DEC number. Read from
-- projection, every matching row cost a walk over its overflow pages: the
-- fields Mode A needs are stored after the body, and PEP-sized bodies are
-- ~20 KB. At 9,000 decisions in one domain that was 285 ms with real bodies
-- against 38 ms with one-line bodies (issue #16; tests/bench/bench_modea).
-- projection_frontmatter holds the frontmatter of each projected decision
-- file in one compact row (id = projection.rowid), kept by the triggers
-- below so neither the projector nor the rebuild has to know about it, and
-- is indexed in Mode A's order (DEC number within a domain), so a query
-- without tags stops after its ten rows. A query with tags ranks every file
-- carrying them (exact tag set first); projection_frontmatter_tags lists the
-- files by tag, so it reads the files with the first tag asked instead of
-- every file of the domain.

CREATE TABLE projection_frontmatter (
    id            INTEGER PRIMARY KEY,
    ref           TEXT NOT NULL,
    kind          TEXT NOT NULL,
    source_path   TEXT NOT NULL,
    title         TEXT NOT NULL,
    status        TEXT NOT NULL,
    domain        TEXT NOT NULL,
    level         TEXT,
    source_status TEXT,
    number        INTEGER NOT NULL, -- the DEC number
    tags          TEXT NOT NULL,
    related_to    TEXT NOT NULL
);

CREATE INDEX projection_frontmatter_by_domain
    ON projection_frontmatter(domain, number, source_path);
CREATE INDEX projection_frontmatter_by_number ON projection_frontmatter(number, source_path);

CREATE TABLE projection_frontmatter_tags (
    tag TEXT NOT NULL,
    id  INTEGER NOT NULL, -- projection_frontmatter.id
    PRIMARY KEY (tag, id)
) WITHOUT ROWID;

CREATE TRIGGER projection_frontmatter_tags_insert AFTER INSERT ON projection_frontmatter BEGIN
    INSERT OR IGNORE INTO projection_frontmatter_tags (tag, id)
    SELECT value, NEW.id FROM json_each(NEW.tags) WHERE type = 'text';
END;

CREATE TRIGGER projection_frontmatter_tags_delete AFTER DELETE ON projection_frontmatter BEGIN
    DELETE FROM projection_frontmatter_tags
    WHERE id = OLD.id AND tag IN (SELECT value FROM json_each(OLD.tags));
END;

CREATE TRIGGER projection_frontmatter_insert AFTER INSERT ON projection
WHEN NEW.source_path IS NOT NULL AND NEW.kind = 'decision'
     AND NEW.source_path LIKE 'decisions/DEC-%' BEGIN
    INSERT INTO projection_frontmatter (id, ref, kind, source_path, title, status, domain, level,
                                        source_status, number, tags, related_to)
    VALUES (NEW.rowid, NEW.ref, NEW.kind, NEW.source_path, NEW.title, NEW.status, NEW.domain,
            NEW.level, NEW.source_status, CAST(substr(NEW.ref, 5) AS INTEGER), NEW.tags,
            NEW.related_to);
END;

CREATE TRIGGER projection_frontmatter_update AFTER UPDATE ON projection BEGIN
    DELETE FROM projection_frontmatter WHERE id = OLD.rowid;
    INSERT INTO projection_frontmatter (id, ref, kind, source_path, title, status, domain, level,
                                        source_status, number, tags, related_to)
    SELECT NEW.rowid, NEW.ref, NEW.kind, NEW.source_path, NEW.title, NEW.status, NEW.domain,
           NEW.level, NEW.source_status, CAST(substr(NEW.ref, 5) AS INTEGER), NEW.tags,
           NEW.related_to
    WHERE NEW.source_path IS NOT NULL AND NEW.kind = 'decision'
          AND NEW.source_path LIKE 'decisions/DEC-%';
END;

CREATE TRIGGER projection_frontmatter_delete AFTER DELETE ON projection BEGIN
    DELETE FROM projection_frontmatter WHERE id = OLD.rowid;
END;

INSERT INTO projection_frontmatter (id, ref, kind, source_path, title, status, domain, level,
                                    source_status, number, tags, related_to)
SELECT rowid, ref, kind, source_path, title, status, domain, level, source_status,
       CAST(substr(ref, 5) AS INTEGER), tags, related_to
FROM projection
WHERE source_path IS NOT NULL AND kind = 'decision' AND source_path LIKE 'decisions/DEC-%';
