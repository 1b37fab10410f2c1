#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace cw::inline memory {

// Mode B's per-file text work, done only for the ten files shown: where a
// keyword occurs and the excerpt around it.
class MemoryExcerpt
{
public:
    // About 50 tokens under the house's conservative estimate (one token per
    // three UTF-8 bytes): the excerpt never exceeds this many bytes.
    static constexpr int MaxBytes = 150;

    // Case-insensitive pattern for the keywords as FTS5 matches them: each
    // keyword's letter/digit runs in order, separated by non-word characters,
    // starting at a token boundary, the last run as a prefix ("gil" matches
    // "GIL" and "Gilbert", not "vigil").
    static QRegularExpression keywordPattern(const QStringList &keywords);

    // The first matching line of body with one line of context either side,
    // whitespace collapsed, cut to MaxBytes around the match ("…" where cut).
    // When only the title matched, the title. Null when nothing matches.
    static QString excerpt(const QString &title, const QString &body,
                           const QRegularExpression &pattern);

    // Cuts text to at most maxBytes UTF-8 bytes around [from, from + length),
    // at word boundaries where it can, marking cuts with "…".
    static QString around(const QString &text, qsizetype from, qsizetype length, int maxBytes);
};

} // namespace cw::inline memory
