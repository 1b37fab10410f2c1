#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QString>

namespace cw::cli {

// Stored text as it may be printed to a terminal: every control character
// becomes a visible escape, so a stored value can neither forge a line (a
// newline in a title) nor move or retitle the terminal (an ESC or OSC
// sequence). Newline, carriage return and tab print as \n, \r and \t; other
// C0 controls, DEL and the C1 controls as \xNN; the Unicode line and
// paragraph separators and the bidirectional overrides (which reorder what
// follows them on screen) as \uNNNN. Everything else, backslash included,
// is printed as it is: no stored text can produce a raw control byte.
//
// Text output only: JSON and YAML output escape with their own rules.
QString escaped(const QString &text);
QString escaped(const QStringList &list, const QString &separator);

// A write-only device for a document in a file format (CSV, JSON Lines)
// bound for a terminal: each line the format writes reaches target with its
// text escaped as above, and its line break (LF, or CR LF) kept. A file or a
// pipe gets the document exactly; a terminal cannot be driven by what is
// stored in it. finish() writes a last line without a break.
class EscapedLines : public QIODevice
{
public:
    explicit EscapedLines(QIODevice &target);
    bool finish();

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool writeLine(QByteArrayView line, QByteArrayView lineBreak);

    QIODevice &m_target;
    QByteArray m_pending; // the start of a line whose break has not come yet
};

} // namespace cw::cli
