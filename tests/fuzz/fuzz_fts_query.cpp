// libFuzzer target: request text to FTS5 MATCH expression.
//
// Three producers turn text into an expression: the retrieval content stage
// (ContentPlanner::ftsQuery, OR and AND), memory search Mode B
// (MemorySearch::ftsExpression over whitespace-separated keywords) and Mode C
// (a quoted decision id, once MemorySearch::isDecisionId accepted it). Each
// expression runs as a real MATCH against projection_fts of a workbench
// database (same tokenizer as production), holding the input as a row.
//
// Invariants beyond "does not crash":
// - every non-empty expression compiles: an FTS5 error here is text that
//   became FTS syntax (an injection or an invalid query);
// - an expression is empty only when there is nothing to search for;
// - for ASCII text, each expression matches the row holding that text (the
//   quoting keeps the words what they were).
#include "ContentPlan.h"
#include "FuzzDatabase.h"
#include "FuzzSupport.h"
#include "MemorySearch.h"
#include "Statement.h"
#include "Transaction.h"

#include <QRegularExpression>
#include <QStringList>

#include <algorithm>

using namespace cw;
using namespace Qt::Literals::StringLiterals;

namespace {

bool isAscii(const QString &text)
{
    return std::all_of(text.cbegin(), text.cend(), [](QChar c) { return c.unicode() < 0x80; });
}

// The rows the expression matches; aborts with the SQLite error when it does
// not compile.
std::int64_t matches(const QString &expression, const QString &input, const char *producer)
{
    Statement s = fuzz::database().prepare(
        "SELECT count(*) FROM projection_fts WHERE projection_fts MATCH ?1");
    s.bind(1, expression);
    auto row = s.step();
    CW_FUZZ_CHECK(row.ok(), QString::fromLatin1(producer) + u": "_s + expression + u"\n"_s +
                                row.error() + u"\ninput: "_s + input);
    return s.int64(0);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString input = fuzz::text(data, size);
    Database &db = fuzz::database();
    Transaction transaction(db); // rolled back: the table holds one row per input
    Statement insert = db.prepare(
        "INSERT INTO projection_fts (ref, title, synopsis, body) VALUES ('fuzz', '', '', ?1)");
    insert.bind(1, input);
    CW_FUZZ_CHECK(insert.step().ok(), input);
    const bool ascii = isAscii(input);

    const QStringList words = ContentPlanner::words(input);
    const QString any = ContentPlanner::ftsQuery(words);
    const QString all = ContentPlanner::ftsQuery(words, true);
    CW_FUZZ_CHECK(any.isEmpty() == words.isEmpty(), input);
    if (!words.isEmpty()) {
        const auto anyRows = matches(any, input, "ContentPlanner::ftsQuery (OR)");
        const auto allRows = matches(all, input, "ContentPlanner::ftsQuery (AND)");
        if (ascii) {
            CW_FUZZ_CHECK(anyRows == 1, any + u"\ninput: "_s + input);
            CW_FUZZ_CHECK(allRows == 1, all + u"\ninput: "_s + input);
        }
    }

    static const QRegularExpression whitespace(u"\\s+"_s);
    const QStringList keywords =
        input.split(whitespace, Qt::SkipEmptyParts).mid(0, MemorySearch::MaxKeywords);
    const QString modeB = MemorySearch::ftsExpression(keywords);
    const bool searchable =
        !keywords.isEmpty() &&
        std::all_of(keywords.cbegin(), keywords.cend(), [](const QString &k) {
            return std::any_of(k.cbegin(), k.cend(), [](QChar c) { return c.isLetterOrNumber(); });
        });
    CW_FUZZ_CHECK(modeB.isEmpty() == !searchable, input);
    if (!modeB.isEmpty()) {
        const auto rows = matches(modeB, input, "MemorySearch::ftsExpression");
        if (ascii)
            CW_FUZZ_CHECK(rows == 1, modeB + u"\ninput: "_s + input);
    }

    const QString target = input.trimmed();
    if (MemorySearch::isDecisionId(target))
        (void)matches(u'"' + target + u'"', input, "Mode C decision id");
    return 0;
}
