#pragma once

#include <QLatin1StringView>
#include <QStringList>
#include <QStringView>

#include <array>
#include <optional>
#include <utility>

namespace cw::inline common {

// The closed value sets of the schema (resources/sql/001_initial.sql, the
// CHECK constraints) and of the JSON contract (INTERFACES.md §2, §5), each
// with its one spelling. Records keep the stored QString; code that decides
// on a value parses it here and compares enums, and code that writes one
// spells it here. tst_vocabulary holds the sets to the schema.

// principal_roles.role; reviews.role holds the two review roles.
enum class Role
{
    Curator,
    DomainOwner,
    Analyst,
    Admin
};

// cases.status.
enum class CaseStatus
{
    Open,
    Waiting,
    Completed,
    Cancelled
};

// proof_records.result.
enum class ProofResult
{
    Verified,
    Failed,
    Unverified
};

// revisions.proof_level, in ascending order of evidence: the enum order is
// the rank (a verified claim needs more than an executed one).
enum class ProofLevel
{
    Proposed,
    Executed,
    Verified
};

// articles.kind.
enum class ArticleKind
{
    Experience,
    DomainArticle,
    Skill,
    Decision
};

// revisions.state. An article's status (ingest, query answers) is the state
// of a revision that was decided: active, superseded, retired or rejected.
enum class RevisionState
{
    Proposed,
    Approved,
    Active,
    Superseded,
    Retired,
    Rejected
};

// proposals.status.
enum class ProposalStatus
{
    Pending,
    Returned,
    Rejected,
    Approved,
    Published
};

// reviews.decision.
enum class ReviewDecision
{
    Approve,
    Reject,
    Return
};

// memory_use_verdicts.verdict.
enum class Verdict
{
    Applies,
    Rejected,
    NeedsCheck
};

// The spelling table of each enum, in enum order.
template <typename E> struct Spelling;

template <std::size_t... N> constexpr auto spellings(const char (&...text)[N])
{
    return std::array{QLatin1StringView(text, qsizetype(N - 1))...};
}

#define CW_SPELLING(Enum, ...)                                                                     \
    template <> struct Spelling<Enum>                                                              \
    {                                                                                              \
        static constexpr auto names = spellings(__VA_ARGS__);                                      \
    }

CW_SPELLING(Role, "curator", "domain_owner", "analyst", "admin");
CW_SPELLING(CaseStatus, "open", "waiting", "completed", "cancelled");
CW_SPELLING(ProofResult, "verified", "failed", "unverified");
CW_SPELLING(ProofLevel, "proposed", "executed", "verified");
CW_SPELLING(ArticleKind, "experience", "domain-article", "skill", "decision");
CW_SPELLING(RevisionState, "proposed", "approved", "active", "superseded", "retired", "rejected");
CW_SPELLING(ProposalStatus, "pending", "returned", "rejected", "approved", "published");
CW_SPELLING(ReviewDecision, "approve", "reject", "return");
CW_SPELLING(Verdict, "applies", "rejected", "needs-check");

#undef CW_SPELLING

// The stored and JSON spelling of a value.
template <typename E> constexpr QLatin1StringView name(E value)
{
    return Spelling<E>::names[std::size_t(value)];
}

// The value a spelling names; nullopt for anything else (other case, blanks,
// a value of another set): unknown values are the caller's error to report.
template <typename E> constexpr std::optional<E> parse(QStringView text)
{
    for (std::size_t i = 0; i < Spelling<E>::names.size(); ++i) {
        if (text == Spelling<E>::names[i])
            return E(i);
    }
    return std::nullopt;
}

// Every value, in enum order.
template <typename E> constexpr auto values()
{
    return []<std::size_t... I>(std::index_sequence<I...>)
    {
        return std::array{E(I)...};
    }
    (std::make_index_sequence<Spelling<E>::names.size()>());
}

// Every spelling, in enum order: for messages ("one of ...") and choices.
template <typename E> QStringList names()
{
    QStringList list;
    for (QLatin1StringView spelled : Spelling<E>::names)
        list.append(spelled);
    return list;
}

} // namespace cw::inline common
