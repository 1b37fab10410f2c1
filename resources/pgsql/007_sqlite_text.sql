-- Two more of SQLite's functions that the model calls by name, with
-- SQLite's meaning over text (issue #15), beside steps 4 and 6: the domain
-- owner's list of articles joins each one's open source changes with
-- group_concat (model/review/OwnedArticles), and a memory import asks the
-- audit whether a file was removed with json_extract
-- (model/memory/MemoryImportWriter).

-- group_concat(value, separator): the non-NULL values joined in the order
-- they arrive; NULL when there is none.
CREATE FUNCTION cw_group_concat_step(joined text, value text, separator text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN value IS NULL THEN joined
                WHEN joined IS NULL THEN value
                ELSE joined || separator || value END
$$;
CREATE AGGREGATE group_concat(text, text) (SFUNC = cw_group_concat_step, STYPE = text);

-- json_extract(document, path): the value at a path ('$.key', '$.a[0]') of
-- a JSON document held as text; a string unquoted, JSON null or no value
-- NULL, anything else its JSON text. (SQLite answers a number as a number;
-- here it is text, so compare it with text.)
CREATE FUNCTION json_extract(document text, path text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT CASE jsonb_typeof(v) WHEN 'string' THEN v #>> '{}'
                                WHEN 'null' THEN NULL
                                ELSE v::text END
    FROM jsonb_path_query_first(document::jsonb, path::jsonpath) AS v
$$;
