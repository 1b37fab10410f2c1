#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cw::inline erasure {

// One kind of record that depends on the erased subject: how many, which
// (by identity, never by content), and what erasure does to them.
struct DependencySection
{
    QString name;   // arrivals, proof_records, memory_use, evaluation, ...
    QString action; // deleted, link erased, payload replaced by a marker, ...
    qint64 count = 0;
    QStringList items;
    // False where the records' tables do not exist in this database:
    // counted 0. (Every kind exists since schema step 9.)
    bool available = true;
};

// Everything a case (or a tenant's cases) left behind, in the order erasure
// treats it. The same report is the dry run, the confirmation dialog and,
// after an erasure, what was done.
struct DependencyReport
{
    QString scope;   // case, tenant, retention
    QString subject; // the case handle or the tenant id ("" for retention)
    QList<DependencySection> sections;

    qint64 count(const QString &name) const;
    qint64 total() const;
    // Counts by section name, for the audit row (nothing of the content).
    QJsonObject counts() const;
    QJsonObject toJson() const;
    // Readable text: one line per section, then its items indented.
    QString toText() const;
};

} // namespace cw::inline erasure
