#pragma once

#include "EvalRun.h"
#include "QuerySet.h"

#include <QByteArray>
#include <QList>

namespace cw::inline evaluation {

// The TREC file forms (INTERFACES.md §8), so that trec_eval, ir_measures or
// ranx can check the figures: documents are REF@REV.
class TrecWriter
{
public:
    // `qid Q0 REF@REV rank score tag`, one line per ranked candidate; the tag
    // is the run's strategy.
    static QByteArray run(const EvalRun &run);
    // `qid 0 REF@REV grade`. A judgment without a revision is written once
    // for each revision of that ref the set's runs returned (for any query);
    // when none did, once as the bare ref, so it still counts as relevant.
    static QByteArray qrels(const QuerySet &set, const QList<EvalRun> &runs);
};

} // namespace cw::inline evaluation
