#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace cw::inline ingest {

// What an ingest applied, counted by the appliers (CaseIngest, ArticleIngest)
// and returned by Ingest. In a header of its own so the appliers need not
// include the Ingest that owns them.
struct IngestReport
{
    int records = 0;           // lines/records applied
    QMap<QString, int> byType; // "arrival" -> 12, ...
    int newCases = 0;
    int newRevisionsOfCases = 0; // arrivals carrying a new source_revision of a known request
    int duplicateDeliveries = 0; // same (system, request, revision) delivered again
    int alreadyRecorded = 0;     // identical re-ingest of something already there (idempotent)
    QStringList
        createdArticles; // refs assigned/created, e.g. EXP-3 for a proposal without "article"
};

} // namespace cw::inline ingest
