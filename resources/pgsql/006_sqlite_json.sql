-- SQLite's JSON functions that the stores call by name over JSON held as
-- text, with SQLite's meaning (issue #15), beside step 4's json_each and
-- instr. PostgreSQL's own JSON functions take json or jsonb; these take
-- text, so a text column, or a parameter cast to text, calls them.

-- json_array_length(list): the number of elements of a JSON array; NULL
-- gives NULL. Memory search's Mode A compares a file's tags with the tags
-- asked for by it (docs/memory-search.md).
CREATE FUNCTION json_array_length(list text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT json_array_length(list::json)
$$;

-- json_tree(document): every value inside a JSON document, the document
-- itself included, with SQLite's type names (a string is 'text', its value
-- unquoted; any other value as its JSON text). Erasure finds the records
-- that name a case among their text values (model/erasure). NULL gives no
-- row.
CREATE FUNCTION json_tree(document text) RETURNS TABLE (type text, value text)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE jsonb_typeof(v)
               WHEN 'string' THEN 'text'
               WHEN 'number' THEN CASE WHEN v::text ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END
               WHEN 'boolean' THEN v::text
               ELSE jsonb_typeof(v)
           END,
           CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}' ELSE v::text END
    FROM jsonb_path_query(document::jsonb, 'strict $.**') AS v
$$;
