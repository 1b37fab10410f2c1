#pragma once

// JSON Lines of COUNT proposals from the demo's case SD-1598 (domain data,
// proof P-1), for the benchmarks that need a long review queue.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>

namespace cw::bench {

// Ids are idPrefix + a number (zero-padded to six digits when padded).
inline QByteArray proposalLines(int count, const QString &idPrefix, const QString &titlePrefix,
                                bool padded = false)
{
    QByteArray lines;
    for (int n = 0; n < count; ++n) {
        const QString id = idPrefix + (padded ? QStringLiteral("%1").arg(n, 6, 10, QLatin1Char('0'))
                                              : QString::number(n));
        const QJsonObject record{
            {QStringLiteral("type"), QStringLiteral("proposal")},
            {QStringLiteral("id"), id},
            {QStringLiteral("case"), QStringLiteral("studio/servicedesk/SD-1598")},
            {QStringLiteral("kind"), QStringLiteral("experience")},
            {QStringLiteral("domain"), QStringLiteral("data")},
            {QStringLiteral("title"), QString(titlePrefix + id)},
            {QStringLiteral("outcome"), QStringLiteral("row restored")},
            {QStringLiteral("proof_level"), QStringLiteral("verified")},
            {QStringLiteral("proof_refs"), QJsonArray{QStringLiteral("P-1")}},
            {QStringLiteral("tags"), QJsonArray{QStringLiteral("bench")}},
            {QStringLiteral("proposed_by"), QStringLiteral("agent-data")},
            {QStringLiteral("proposed_at"), QStringLiteral("2026-04-01T08:00:00Z")}};
        lines += QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n';
    }
    return lines;
}

} // namespace cw::bench
