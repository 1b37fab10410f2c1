#pragma once

#include "MarkdownView.h"

namespace cw::inline retrieval {
struct Candidate;
}

namespace cw {

class Database;

// The selected candidate's text, read-only: its summary fields, the excerpt
// and the revision's body, as Markdown rendered (or its source, one toggle
// away). Retrieved text is data: shown, never loaded from or followed.
class CandidateTextView : public MarkdownView
{
    Q_OBJECT

public:
    explicit CandidateTextView(QWidget *parent = nullptr);

    void showCandidate(const Database &db, const Candidate &candidate);
    void clearCandidate();

    static QString markdown(const Candidate &candidate, const QString &body);
};

} // namespace cw
