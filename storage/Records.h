#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

// Plain value types for the rows the stores read and write. QtCore only, so
// both storage and model (and the CLI) can use them.
namespace cw {

struct TenantRecord
{
    QString id;
    QString name;
};

struct PrincipalRecord
{
    QString id;
    QString name;
    QString osUser;
    QStringList roles;   // curator, domain_owner, analyst, admin
    QStringList tenants; // tenants whose cases the principal may read
    QStringList domains; // domains a domain owner owns

    bool hasRole(const QString &role) const { return roles.contains(role); }
};

// The canonical identity of a case: tenant/source_system/source_request.
struct CaseKey
{
    QString tenant;
    QString sourceSystem;
    QString sourceRequest;

    QString toString() const { return tenant + u'/' + sourceSystem + u'/' + sourceRequest; }
    static std::optional<CaseKey> parse(const QString &text)
    {
        const QStringList parts = text.split(u'/');
        if (parts.size() != 3 || parts[0].isEmpty() || parts[1].isEmpty() || parts[2].isEmpty())
            return std::nullopt;
        return CaseKey{parts[0], parts[1], parts[2]};
    }
    bool operator==(const CaseKey &) const = default;
};

struct CaseRecord
{
    std::int64_t id = 0;
    CaseKey key;
    QString title;
    QString object;
    QString requestType;
    QString product;
    QString productVersion;
    QStringList symptomTags;
    QString body;
    QString status = QStringLiteral("open");
    QString route;
    QString owner;
    QString disposition;
    QString latestRevision;
    QString openedAt;
    QString updatedAt;
};

struct ArrivalRecord
{
    std::int64_t id = 0;
    std::int64_t caseId = 0;
    QString sourceRevision;
    QString deliveryId;
    QString receivedAt;
    QString title;
    QString body;
    QString attachKind;   // new-case, new-revision, duplicate-delivery
    QString attachReason; // human-readable: why this delivery joined this case
};

struct CaseUpdateRecord
{
    std::int64_t id = 0;
    std::int64_t caseId = 0;
    QString status;
    QString route;
    QString owner;
    QString disposition;
    QString at;
};

struct ProofRecord
{
    std::int64_t id = 0;
    std::int64_t caseId = 0;
    QString proofId; // e.g. P-1, unique within its case
    QString kind;
    QString title;
    QString contentType; // sql, json, yaml, log, markdown, text
    QString content;
    QString result; // verified, failed, unverified
    QString capturedAt;
};

struct ArticleRecord
{
    std::int64_t id = 0;
    QString ref; // EXP-42, DEC-484, KB-12, ...
    QString kind; // experience, domain-article, skill, decision
    QString domain;
    QString owner;
    QString sourcePath;
    QString createdAt;
    // Memory import: canonical path of the contexts/memory folder. The {}
    // spares aggregate initialisations written before it from naming it.
    QString sourceTree{};
};

struct RevisionRecord
{
    std::int64_t id = 0;
    std::int64_t articleId = 0;
    int revision = 0;
    QString state; // proposed, approved, active, superseded, retired, rejected
    int version = 1;
    QString title;
    QString synopsis;
    QString body;
    QString route;
    QString mechanism;
    QString method;
    QString outcome;
    QString proofLevel; // verified, executed, proposed (or empty)
    QString limits;
    QString product;
    QString productVersions;
    QString level;
    QString sourceStatus;
    std::optional<double> effortActiveHours;
    std::optional<double> effortWaitingHours;
    std::optional<std::int64_t> sourceCaseId;
    QString validFrom;
    QString validTo;
    QString createdAt;
    QString updatedAt;
    QString updatedBy;
    QStringList tags;
    QStringList symptomTags;
    QStringList relatedTo;
    QStringList supersedes;
    QStringList supersededBy;
    QStringList mentions;

    bool isCurrent() const { return state == QLatin1String("active"); }
};

struct ProposalRecord
{
    QString id; // PR-1
    std::int64_t revisionId = 0;
    std::optional<std::int64_t> caseId;
    QString status; // pending, returned, rejected, approved, published
    QString proposedBy;
    QString proposedAt;
    QList<std::int64_t> proofIds; // proof_records.id
};

struct AuditRecord
{
    std::int64_t id = 0;
    QString at;
    QString principal;
    QString effectivePrincipal;
    QString action;
    QString subject;
    std::optional<std::int64_t> revision;
    std::optional<std::int64_t> fromVersion;
    std::optional<std::int64_t> toVersion;
    QString reason;
    QString details = QStringLiteral("{}"); // JSON object
};

struct OutboxEvent
{
    std::int64_t seq = 0;
    QString at;
    QString event; // revision-activated, revision-superseded, revision-retired, revision-corrected
    QString ref;
    int revision = 0;
    QString domain;
    QString payload = QStringLiteral("{}");
};

} // namespace cw
