-- Memory search on a server (issue #15, docs/memory-search.md): SQLite's
-- json_array_length over a JSON array held as text, which Mode A's ranking
-- compares (the file's tags against the tags asked for). PostgreSQL's own
-- takes json; a text argument (a column or a parameter cast to text) calls
-- this one. NULL gives NULL, as in SQLite.
CREATE FUNCTION json_array_length(list text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT json_array_length(list::json)
$$;
