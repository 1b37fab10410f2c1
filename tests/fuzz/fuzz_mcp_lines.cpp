// libFuzzer target: the MCP server's line reader (app/cli/StdioLineReader),
// which reads `curation-cli mcp`'s stdin.
//
// The first byte of an input sets the line limit (0-63 bytes, so that inputs
// of any size cross it); the rest is the stream. Invariants beyond "does not
// crash": the reader hands out exactly the stream's '\n'-separated lines
// (the last one also without its '\n', an empty last one not at all), in
// order; each line longer than the limit is reported TooLong instead of
// returned, and the lines after it still come out whole; then End, and End
// again. With the real limit (16 MiB) every line of the input comes out.
#include "FuzzSupport.h"
#include "LineReader.h"
#include "StdioLineReader.h"

#include <QList>

#include <cstdio>

using cw::cli::StdioLineReader;
using namespace Qt::StringLiterals;

namespace {

std::FILE *stream(const QByteArray &content)
{
    // fmemopen rejects a zero size: an empty stream is a file with nothing in it.
    if (content.isEmpty())
        return std::tmpfile();
    return fmemopen(const_cast<char *>(content.constData()), size_t(content.size()), "r");
}

void check(const QByteArray &content, qsizetype limit)
{
    QList<QByteArray> expected = content.split('\n');
    if (expected.last().isEmpty())
        expected.removeLast(); // a final '\n' ends the last line; it starts none
    std::FILE *in = stream(content);
    if (!in)
        cw::fuzz::violated("the stream cannot be opened");
    StdioLineReader reader(in, limit);
    QByteArray line;
    for (const QByteArray &want : std::as_const(expected)) {
        const StdioLineReader::Read read = reader.next(line);
        if (want.size() > limit) {
            CW_FUZZ_CHECK(read == StdioLineReader::Read::TooLong,
                          QString::fromLatin1("a line of %1 bytes over a limit of %2 came out")
                              .arg(want.size())
                              .arg(limit));
        } else {
            CW_FUZZ_CHECK(read == StdioLineReader::Read::Line && line == want,
                          QString::fromLatin1("expected the line '%1', got '%2' (read %3)")
                              .arg(QString::fromLatin1(want), QString::fromLatin1(line))
                              .arg(int(read)));
        }
    }
    CW_FUZZ_CHECK(reader.next(line) == StdioLineReader::Read::End, u"lines after the last"_s);
    CW_FUZZ_CHECK(reader.next(line) == StdioLineReader::Read::End, u"lines after the end"_s);
    std::fclose(in);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const QByteArray content = cw::fuzz::bytes(data + 1, size - 1);
    check(content, data[0] % 64);
    check(content, cw::LineReader::MaxLineBytes);
    return 0;
}
