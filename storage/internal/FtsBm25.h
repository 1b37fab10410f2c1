#pragma once

struct fts5_api;

namespace cw {

// cw_bm25(projection_fts, counts, weight...): FTS5's own bm25() (the same
// formula, k1 = 1.2, b = 0.75, the same column weights after the table),
// except where a phrase's document count comes from. bm25() counts, once per
// query, the records holding each phrase by walking its whole doclist; for
// the common words the content stage narrows with, that walk cost more than
// scoring the thousand matches (a third of a retrieval at 1,000,000 cases).
// The engine already keeps those counts (TermCounts), so it passes them:
// `counts` is one number per phrase of the MATCH expression, in its order,
// separated by commas; a phrase whose number is missing or negative is
// counted as bm25() counts it. Kept counts may trail the index by up to 1%,
// which moves a score by less than that; the order of matches it decides is
// the one bm25() gives for all but near ties.
int registerBm25(fts5_api *api);

} // namespace cw
