#pragma once

#include <QString>

#include <optional>
#include <utility>

namespace cw {

// The one error convention of storage and model: a value or a message that
// says what failed and where. No exception crosses a layer boundary.
struct Error
{
    QString message;
};

template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    {
    }
    Result(Error error)
        : m_error(std::move(error.message))
    {
    }

    explicit operator bool() const { return m_value.has_value(); }
    bool ok() const { return m_value.has_value(); }
    const QString &error() const { return m_error; }

    T &value() & { return *m_value; }
    const T &value() const & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    T *operator->() { return &*m_value; }
    const T *operator->() const { return &*m_value; }
    T &operator*() { return *m_value; }
    const T &operator*() const { return *m_value; }

private:
    std::optional<T> m_value;
    QString m_error;
};

template <> class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error)
        : m_failed(true)
        , m_error(std::move(error.message))
    {
    }

    explicit operator bool() const { return !m_failed; }
    bool ok() const { return !m_failed; }
    const QString &error() const { return m_error; }

private:
    bool m_failed = false;
    QString m_error;
};

using Status = Result<void>;

inline Error fail(QString message)
{
    return Error{std::move(message)};
}

} // namespace cw
