#pragma once

#include "IngestLineCheck.h"
#include "IngestReport.h"
#include "Result.h"

#include <QHash>
#include <QJsonObject>
#include <QString>

#include <memory>

class QIODevice;

namespace cw {
class Database;
}
namespace cw::inline common {
class Clock;
}

namespace cw::inline ingest {

class ArticleIngest;
class CaseIngest;

// The JSON Lines ingest (INTERFACES.md §2): tenants, principals, grants,
// arrivals, case updates, proofs, proposals and articles. Every record is
// validated before anything of it is written; a file goes in one transaction
// or not at all.
class Ingest
{
public:
    Ingest(const Database &db, const Clock &clock,
           QString actingPrincipal = QStringLiteral("ingest"));
    ~Ingest();
    Ingest(const Ingest &) = delete;
    Ingest &operator=(const Ingest &) = delete;

    // Whole file in ONE transaction. On the first bad line nothing is written
    // and the error reads "<path>:<line>: <reason>".
    Result<IngestReport> ingestFile(const QString &path);
    Result<IngestReport> ingestJsonLines(QIODevice &device, const QString &sourceName);

    // Streaming use: the caller holds a Transaction; apply validates and
    // writes one record, returning an error message without the line prefix.
    // A record that fails leaves nothing of itself behind (it runs inside a
    // savepoint), so the caller may go on or roll back. The ingest remembers
    // case ids between records: after rolling back a transaction that apply()
    // wrote into, go on with a new Ingest.
    // line > 0: the record is line `line` of a file, and within one file
    // every tenant, principal, proof, proposal and article id appears once (a
    // second one is refused, naming the line of the first).
    Status apply(const QJsonObject &record, int line = 0);
    const IngestReport &report() const;
    // The real principal behind the acting one (an admin acting --as another
    // admin), for audit rows; the acting principal when not set.
    void setRealPrincipal(const QString &real) { m_realPrincipal = real; }

    // One JSON Lines line as a record, refusing what the JSON parser accepts
    // silently (duplicate keys, NUL characters, lone surrogates). The error
    // has no line prefix.
    Result<QJsonObject> parseLine(const QByteArray &line);

private:
    Status dispatch(const QString &type, const QJsonObject &record);
    Result<IngestReport> failLine(const QString &sourceName, int line, const QString &reason);
    void forgetCaches();
    static QString recordId(const QString &type, const QJsonObject &record);

    const Database &m_db;
    QString m_principal;
    QString m_realPrincipal;
    QString m_source; // the file being ingested, for audit rows
    int m_line = 0;   // the line being applied (0: unknown)
    IngestReport m_report;
    std::unique_ptr<CaseIngest> m_cases;
    std::unique_ptr<ArticleIngest> m_articles;
    // SAVEPOINT, RELEASE and ROLLBACK TO for one record (storage's statements
    // are private to the model, hence the indirection).
    struct Savepoint;
    std::unique_ptr<Savepoint> m_savepoint;
    // True while ingestJsonLines holds its own transaction: a bad line rolls
    // back the whole file, so per-record savepoints would only cost time.
    bool m_wholeFile = false;
    IngestLineCheck m_lineCheck;
    // "principal\x1fcora" -> the line it was applied from (0: unknown).
    QHash<QString, int> m_seenIds;
};

} // namespace cw::inline ingest
