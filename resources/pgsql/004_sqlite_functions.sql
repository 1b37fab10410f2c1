-- The retrieval engine on a server (issue #15, docs/postgresql.md "Content
-- search"): the functions its SQL calls by SQLite's names, with SQLite's
-- meaning, so that one statement text serves both backends.

-- SQLite's table-valued json_each over a JSON array, as the stores use it:
-- SELECT value FROM json_each(list). PostgreSQL's own json_each takes json
-- and yields (key, value json), so the statement translation
-- (storage/internal/PgStatement) calls this one instead. `value` is text:
-- an element that is a string comes unquoted, any other as its JSON text,
-- as SQLite's value column compares. NULL or an empty array yields no row.
CREATE FUNCTION cw_json_each(list text) RETURNS TABLE (value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT jsonb_array_elements_text(list::jsonb)
$$;

-- SQLite's instr(haystack, needle): the 1-based place of the first
-- occurrence, 0 when there is none (PostgreSQL calls it strpos).
CREATE FUNCTION instr(haystack text, needle text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT strpos(haystack, needle)
$$;
