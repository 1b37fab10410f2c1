#pragma once

#include "Records.h"
#include "ReviewRecords.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <utility>
#include <variant>

namespace cw::inline common {

// Why the workflow did not do what was asked. The reason the user typed comes
// back in keptReason, so a form can keep the draft after a refusal.
struct Refusal
{
    enum Kind
    {
        Conflict,  // someone else changed it first (stale version)
        Forbidden, // this principal may not do this
        Invalid,   // not possible in this state, or the claim is not supported
        NotFound,  // no such proposal or article
        Failed     // the database could not record it (busy, I/O); nothing was written
    };
    Kind kind = Invalid;
    QString message;
    QString keptReason;

    // One per kind, so that no file needs a helper of its own to make one.
    static Refusal conflict(QString message) { return {Conflict, std::move(message), {}}; }
    static Refusal forbidden(QString message) { return {Forbidden, std::move(message), {}}; }
    static Refusal invalid(QString message) { return {Invalid, std::move(message), {}}; }
    static Refusal notFound(QString message) { return {NotFound, std::move(message), {}}; }
    static Refusal failed(QString message) { return {Failed, std::move(message), {}}; }

    static QString kindName(Kind kind);
};

// Either the value or a Refusal. Model-level sibling of Result<T>: refusals
// are expected outcomes with a kind, not storage errors.
template <typename T> class [[nodiscard]] Refusable
{
public:
    Refusable(T value)
        : m_state(std::move(value))
    {
    }
    Refusable(Refusal refusal)
        : m_state(std::move(refusal))
    {
    }

    explicit operator bool() const { return m_state.index() == 0; }
    const T &value() const { return std::get<0>(m_state); }
    T &value() { return std::get<0>(m_state); }
    const T *operator->() const { return &value(); }
    const T &operator*() const { return value(); }
    const Refusal &refusal() const { return std::get<1>(m_state); }
    // For QVERIFY2 and logs.
    QString error() const { return *this ? QString() : refusal().message; }

private:
    std::variant<T, Refusal> m_state;
};

// The fields an edit may change; an unset field is left as it is.
struct ProposalEdit
{
    std::optional<QString> title;
    std::optional<QString> synopsis;
    std::optional<QString> route;
    std::optional<QString> mechanism;
    std::optional<QString> method;
    std::optional<QString> outcome;
    std::optional<QString> limits;
    std::optional<QString> proofLevel;
    std::optional<QString> product;
    std::optional<QString> productVersions;
    std::optional<QStringList> tags;

    // Field keys (as in EditRules) whose new value differs from the revision's.
    QStringList changedFields(const RevisionRecord &revision) const;
    void applyTo(RevisionRecord &revision) const;
};

// A revision's identity and where it stands after an action.
struct RevisionStanding
{
    QString ref;
    int revision = 0;
    QString state;
    int version = 0;
};

// What a successful action did.
struct ReviewOutcome
{
    QString action;     // approve, reject, return, edit, supersede, retire
    QString proposalId; // empty for retire
    QString articleRef;
    RevisionStanding revision;                // the revision acted on (or activated)
    std::optional<RevisionStanding> replaced; // supersede: the revision that stopped being current
    QString proposalStatus;                   // empty for retire
    int fromVersion = 0;
    std::optional<std::int64_t> outboxEvent; // the event that changed what is current
    QList<std::int64_t> outboxEvents;        // all events written, in seq order
    QList<ReviewRecord> approvals;           // of the revision, current and outdated
    QStringList changedFields;               // edit only
    bool approvalsOutdated = false;          // edit only
    QString summary;                         // one human sentence
};

} // namespace cw::inline common
