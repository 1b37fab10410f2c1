// libFuzzer target: one memory file (contexts/memory/**.md): frontmatter +
// Markdown body through MemoryFileParser, then Mode B's title and excerpt
// extraction (MemoryFileParser::firstHeading, MemoryExcerpt).
//
// The input is the file's bytes. It is parsed twice: as a domain article and
// as a decision record (named after the id its frontmatter seems to give, so
// that mutations reach the decision checks). Keywords for the excerpt come
// from the parsed title and from the last line of the body, raw.
//
// Invariants beyond "does not crash" (yaml-cpp throws: none may escape):
// - a parsed document has a kind, a ref and a non-empty title, and its body
//   is the end of the file's text;
// - mentions are DEC-<n> ids other than the document's own;
// - a heading is one line;
// - an excerpt is at most MemoryExcerpt::MaxBytes of UTF-8 and never splits
//   a surrogate pair of valid text.
#include "ContentPlan.h"
#include "FuzzSupport.h"
#include "MemoryExcerpt.h"
#include "MemoryFileParser.h"

#include <QRegularExpression>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

QString decisionPath(const QString &text)
{
    static const QRegularExpression id(u"^id:\\s*[\"']?(DEC-\\d{1,6})"_s,
                                       QRegularExpression::MultilineOption);
    const auto found = id.match(text);
    return u"decisions/"_s + (found.hasMatch() ? found.captured(1) : u"DEC-1"_s) + u".md"_s;
}

QStringList keywords(const MemoryDocument &doc)
{
    QStringList out = ContentPlanner::words(doc.title).mid(0, 2);
    const QString lastLine = doc.body.trimmed().section(u'\n', -1);
    out += lastLine.split(u' ', Qt::SkipEmptyParts).mid(0, 2);
    return out;
}

void checkExcerpt(const MemoryDocument &doc)
{
    const QString heading = MemoryFileParser::firstHeading(doc.body);
    CW_FUZZ_CHECK(!heading.contains(u'\n'), heading);
    const QString title = heading.isEmpty() ? doc.title : heading;
    const QRegularExpression pattern = MemoryExcerpt::keywordPattern(keywords(doc));
    CW_FUZZ_CHECK(pattern.isValid(), pattern.pattern() + u": "_s + pattern.errorString());
    const QString excerpt = MemoryExcerpt::excerpt(title, doc.body, pattern);
    CW_FUZZ_CHECK(excerpt.toUtf8().size() <= MemoryExcerpt::MaxBytes, excerpt);
    if (QStringView(doc.body).isValidUtf16() && QStringView(title).isValidUtf16())
        CW_FUZZ_CHECK(QStringView(excerpt).isValidUtf16(), excerpt);
}

void check(const QString &path, const QByteArray &bytes, const QString &text)
{
    const auto parsed = MemoryFileParser::parse(path, bytes);
    if (!parsed) {
        CW_FUZZ_CHECK(!parsed.error().isEmpty(), path);
        return;
    }
    const MemoryDocument &doc = *parsed;
    CW_FUZZ_CHECK(doc.kind == u"decision"_s || doc.kind == u"domain-article"_s, doc.kind);
    CW_FUZZ_CHECK(!doc.ref.isEmpty(), path);
    CW_FUZZ_CHECK(!doc.title.isEmpty(), path);
    QString normalised = text;
    normalised.replace(u"\r\n"_s, u"\n"_s);
    CW_FUZZ_CHECK(normalised.endsWith(doc.body), doc.body);
    static const QRegularExpression decisionId(u"^DEC-\\d+$"_s);
    for (const QString &mention : doc.mentions) {
        CW_FUZZ_CHECK(mention != doc.ref, mention);
        CW_FUZZ_CHECK(decisionId.match(mention).hasMatch(), mention);
    }
    checkExcerpt(doc);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes = fuzz::bytes(data, size);
    const QString text = QString::fromUtf8(bytes);
    check(u"domains/fuzz/notes.md"_s, bytes, text);
    check(decisionPath(text), bytes, text);
    return 0;
}
