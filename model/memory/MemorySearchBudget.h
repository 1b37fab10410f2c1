#pragma once

#include "MemorySearchTypes.h"

namespace cw::inline memory {

// The skill's bound: a memory-search answer stays under ~2,000 tokens.
// Estimates are the house's conservative rule (one token per three UTF-8
// bytes, as TokenBudget) over every value printed plus an allowance for the
// keys and punctuation of the entry.
class MemorySearchBudget
{
public:
    static constexpr int TokenLimit = 2000;

    static int estimate(const MemorySearchHit &hit);
    static int estimate(const MemorySearchResult &result);

    // Over the limit, drops excerpts from the bottom of the list up, then
    // whole entries from the bottom, and says so in a note.
    static void apply(MemorySearchResult &result, int limit = TokenLimit);
};

} // namespace cw::inline memory
