-- cw_words (step 1) turns ASCII punctuation into spaces before the parser
-- sees a text, for documents and queries alike. It did so with translate(),
-- which in a UTF-8 database looks every character up in its 32-character
-- list one multibyte step at a time: ~36 ms for 300 projection rows of ~500
-- characters, more than the tsvectors themselves (issue #15: the projector's
-- content index at 1,000,000 cases). A bracket of the same 32 characters
-- (0x21-0x2F, 0x3A-0x40, 0x5B-0x60, 0x7B-0x7E) in one regexp_replace gives
-- the same text (tst_pgschema compares both over every character up to
-- U+2FFF) in ~1-3 ms, so the documents already indexed stay what this
-- function makes.
CREATE OR REPLACE FUNCTION cw_words(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT regexp_replace(t, '[!-/:-@[-`{-~]', ' ', 'g')
$$;
