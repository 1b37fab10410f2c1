#pragma once

#include "Records.h"

#include <QJsonObject>
#include <QLatin1String>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>

namespace cw::inline ingest {

// Reads and validates the fields of one JSON Lines record. The first problem
// is kept and later reads return empty values, so an applier reads every field
// it needs and checks ok() once. Messages name the record type and the field:
//   arrival: missing required field "source_request"
// A field may be one level deep ("product_scope.product").
class IngestFields
{
public:
    using Allowed = std::initializer_list<QLatin1String>;

    IngestFields(const QJsonObject &record, QLatin1String type);

    // Whether an identifier may hold a '/': the parts of a case reference
    // tenant/source_system/source_request may not.
    enum class Slash
    {
        Allowed,
        Refused
    };

    // Non-empty string.
    QString required(QLatin1String field);
    // An identifier: non-empty, not blank, no surrounding spaces, no control
    // characters (and no '/' when refused). A null QString when absent.
    QString requiredId(QLatin1String field, Slash slash = Slash::Allowed);
    QString optionalId(QLatin1String field, Slash slash = Slash::Allowed);
    QStringList idList(QLatin1String field, Slash slash = Slash::Allowed);
    // String when present; a null QString when absent or null.
    QString optional(QLatin1String field);
    // RFC 3339 UTC time, returned in the canonical form 2026-03-01T09:00:00Z.
    QString requiredTime(QLatin1String field);
    QString requiredEnum(QLatin1String field, Allowed allowed);
    // fallback when absent.
    QString optionalEnum(QLatin1String field, Allowed allowed, const QString &fallback = {});
    // Array of non-empty strings; empty when absent.
    QStringList list(QLatin1String field);
    QStringList enumList(QLatin1String field, Allowed allowed);
    // Non-negative number when present.
    std::optional<double> optionalHours(QLatin1String field);
    // tenant/source_system/source_request.
    CaseKey requiredCase(QLatin1String field);

    // Refuses a member of the record that is not "type" and not one of the
    // known fields (a misspelt "proof_ref" would otherwise lose the proofs
    // without a word). A dotted name ("effort.active_hours") admits its
    // parent object and that member of it. Call before the reads.
    void refuseUnknown(Allowed known, Allowed moreKnown = {});
    // Records a problem found by the applier (unknown references, conflicts).
    void reject(const QString &reason);
    bool ok() const { return m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    QLatin1String type() const { return m_type; }

    // The canonical form of an RFC 3339 UTC time, or nothing when text is not one.
    static std::optional<QString> canonicalTime(QStringView text);

private:
    void checkId(QLatin1String field, const QString &value, Slash slash);
    QJsonValue lookup(QLatin1String field);
    void problem(QLatin1String field, const QString &what);

    const QJsonObject &m_record;
    QLatin1String m_type;
    QString m_error;
};

} // namespace cw::inline ingest
