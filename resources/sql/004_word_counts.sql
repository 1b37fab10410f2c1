-- Schema step 4: the content index's word counts, kept across processes.
--
-- The content stage plans its FTS5 query from how many indexed records
-- contain each request word (model/ContentPlan). Counting a word walks its
-- whole doclist: a millisecond or more for a word in tens of thousands of
-- records, on every cold start of the engine — and `curation-cli query` is
-- one cold start per query. The engine writes the counts of such common
-- words here, with the index size and projector watermark they were read at;
-- a count is used while the index has neither grown or shrunk by 1% nor had
-- 1% of its rows re-projected since. Rare words are not kept: counting them
-- is cheaper than keeping them.

CREATE TABLE projection_word_counts (
    word         TEXT PRIMARY KEY NOT NULL,
    records      INTEGER NOT NULL, -- indexed records containing the word
    at_rows      INTEGER NOT NULL, -- projection_size.rows when counted
    at_watermark INTEGER NOT NULL  -- projector_state.watermark when counted
) WITHOUT ROWID;
