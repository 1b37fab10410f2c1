#pragma once

#include <QPlainTextEdit>

namespace cw::inline retrieval {
struct Candidate;
}

namespace cw {

class Database;

// The selected candidate's text, read-only: its summary fields and the
// revision's body, as Markdown. Highlighted with KSyntaxHighlighting in the
// palette's light or dark theme when the build has KF6, else plain monospace.
// Retrieved text is data: it is shown, never interpreted.
class CandidateTextView : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit CandidateTextView(QWidget *parent = nullptr);

    void showCandidate(const Database &db, const Candidate &candidate);
    void clearCandidate();

    static QString markdown(const Candidate &candidate, const QString &body);

private:
    void setUpHighlighting();
};

} // namespace cw
