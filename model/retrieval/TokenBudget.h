#pragma once

#include "Retrieval.h"

#include <functional>

namespace cw::inline retrieval {

// Stage 9: dedupe, then greedy priority packing into the token budget.
class TokenBudget
{
public:
    // Conservative: one token per three UTF-8 bytes of every text field the
    // answer carries, plus a fixed allowance for field names and structure.
    // Real tokenizers average about four bytes per token on English prose.
    static int estimate(const Candidate &candidate);

    // Called on a candidate just before it is measured for keeping, never on
    // one the limit or a duplicate already rules out: the place for work
    // worth doing only for what may be kept (a text-match excerpt).
    using Complete = std::function<void(Candidate &)>;

    // What the budget alone turned away, for the note an empty answer gets.
    struct OverBudget
    {
        int count = 0;
        int smallestNeeded = 0; // tokens the smallest of them needed
    };

    // Keeps candidates in order (already ranked), skipping any that no longer
    // fit, up to `limit`. What the budget or the limit dropped is appended to
    // `dropped`, and counted in `overBudget` when given; returns the tokens
    // used.
    static int pack(QList<Candidate> &candidates, int budget, int limit,
                    QList<DroppedCandidate> &dropped, const Complete &complete = {},
                    OverBudget *overBudget = nullptr);
};

} // namespace cw::inline retrieval
