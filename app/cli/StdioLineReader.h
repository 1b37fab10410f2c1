#pragma once

// The MCP server's input: lines from a stdio stream, each handed out as soon
// as its '\n' arrives (a client waits for the answer before it writes the
// next), and each bounded. A line longer than the limit is read to its end
// and dropped, never held: the server answers it with an error and goes on
// with the next line, so `curation-cli mcp </dev/zero` holds at most the
// limit in memory (tests/fuzz/fuzz_mcp_lines).

#include <QByteArray>

#include <cstdio>

namespace cw::cli {

class StdioLineReader
{
public:
    enum class Read
    {
        Line,    // a line, without its '\n'
        TooLong, // a line longer than the limit, skipped to its end
        End      // the end of the input
    };

    StdioLineReader(std::FILE *in, qsizetype maxLineBytes);

    // The last line of the input counts even without its '\n'.
    Read next(QByteArray &line);

private:
    std::FILE *m_in;
    qsizetype m_maxLineBytes;
};

} // namespace cw::cli
