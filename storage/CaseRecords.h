#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

// The case registry: a case, its deliveries (arrivals), status updates and
// proof records.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

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

} // namespace cw
