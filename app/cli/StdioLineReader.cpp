#include "StdioLineReader.h"

namespace cw::cli {

StdioLineReader::StdioLineReader(std::FILE *in, qsizetype maxLineBytes)
    : m_in(in)
    , m_maxLineBytes(maxLineBytes)
{
}

StdioLineReader::Read StdioLineReader::next(QByteArray &line)
{
    line.clear();
    bool tooLong = false;
    bool any = false;
    int c = 0;
    while ((c = getc_unlocked(m_in)) != EOF && c != '\n') {
        any = true;
        if (tooLong)
            continue;
        if (line.size() == m_maxLineBytes) {
            tooLong = true;
            line.clear();
            line.squeeze();
            continue;
        }
        line.append(char(c));
    }
    if (tooLong)
        return Read::TooLong;
    return c == '\n' || any ? Read::Line : Read::End;
}

} // namespace cw::cli
