#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// Shared by the libFuzzer targets: turning the raw input into Qt types and
// failing an invariant loudly (abort() is a crash to libFuzzer, so the input
// that broke the invariant is saved like any other crash).
namespace cw::fuzz {

inline QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// The input as UTF-8, invalid sequences replaced (as QString::fromUtf8 does
// for every file and argument the application reads).
inline QString text(const std::uint8_t *data, std::size_t size)
{
    return QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
}

[[noreturn]] inline void violated(const char *invariant, const QString &detail = {})
{
    // NULs and control characters shown escaped: the detail is often input.
    QByteArray shown;
    for (const char c : detail.toUtf8())
        shown += (c >= 0 && c < 0x20 && c != '\n') ? "\\x" + QByteArray::number(c, 16)
                                                   : QByteArray(1, c);
    std::fprintf(stderr, "fuzz invariant violated: %s\n%s\n", invariant, shown.constData());
    std::abort();
}

} // namespace cw::fuzz

#define CW_FUZZ_CHECK(condition, detail)                                                           \
    do {                                                                                           \
        if (!(condition))                                                                          \
            ::cw::fuzz::violated(#condition, detail);                                              \
    } while (false)
