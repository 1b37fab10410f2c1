// libFuzzer target: the version-scope parser (model/VersionScope).
//
// Invariants beyond "does not crash":
// - a scope that parses re-serialises stably: parse(scope.text()) parses,
//   gives the same text and the same verdict for every probe version;
// - text() never carries surrounding whitespace;
// - covers() answers Unknown exactly when the version does not parse;
// - text that does not parse says why and checks as Unreadable, never as
//   covering a version.
#include "FuzzSupport.h"
#include "VersionScope.h"

#include <QStringList>

using cw::VersionScope;
using namespace Qt::Literals::StringLiterals;

namespace {

QStringList probes(const QString &input)
{
    QStringList versions = {u"0"_s,     u"1"_s,   u"3.9"_s,  u"4"_s, u"4.0"_s, u"4.2"_s,  u"4.10"_s,
                            u"4.2.1"_s, u"5.0"_s, u"99.0"_s, u""_s,  u"x"_s,   u"4..2"_s, u"-1"_s};
    // The version-looking pieces of the input itself, so that boundaries are
    // probed where the scope puts them.
    for (QString token : input.split(u' ', Qt::SkipEmptyParts)) {
        while (!token.isEmpty() && !token.front().isDigit())
            token.remove(0, 1);
        if (!token.isEmpty() && versions.size() < 32)
            versions.append(token);
    }
    return versions;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString input = cw::fuzz::text(data, size);
    const auto scope = VersionScope::parse(input);
    const QStringList versions = probes(input);
    for (const QString &version : versions) {
        const bool parses = VersionScope::parseVersion(version).has_value();
        if (scope) {
            const bool unknown = scope->covers(version) == VersionScope::Verdict::Unknown;
            CW_FUZZ_CHECK(unknown == !parses, input + u" / "_s + version);
        }
    }
    if (!scope) {
        // A scope that cannot be read says why, and is never "every version".
        CW_FUZZ_CHECK(!scope.error().isEmpty(), input);
        for (const QString &version : versions)
            CW_FUZZ_CHECK(VersionScope::check(input, version) == VersionScope::Verdict::Unreadable,
                          input + u" / "_s + version);
        return 0;
    }
    CW_FUZZ_CHECK(scope->text() == scope->text().trimmed(), input);
    CW_FUZZ_CHECK(!scope->text().isEmpty(), input);
    const auto again = VersionScope::parse(scope->text());
    CW_FUZZ_CHECK(bool(again), input);
    CW_FUZZ_CHECK(again->text() == scope->text(), input);
    for (const QString &version : versions)
        CW_FUZZ_CHECK(again->covers(version) == scope->covers(version), input + u" / "_s + version);
    return 0;
}
