#include "Ingest.h"

#include "ArticleIngest.h"
#include "CaseIngest.h"
#include "Clock.h"
#include "Database.h"
#include "LineReader.h"
#include "Statement.h"
#include "Transaction.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QScopeGuard>

namespace cw::inline ingest {

using namespace Qt::Literals::StringLiterals;

struct Ingest::Savepoint
{
    Statement begin;
    Statement release;
    Statement rollbackTo;
};

Ingest::Ingest(const Database &db, const Clock &clock, QString actingPrincipal)
    : m_db(db)
    , m_principal(std::move(actingPrincipal))
    , m_realPrincipal(m_principal)
    , m_cases(std::make_unique<CaseIngest>(
          db, clock, m_report, CaseIngest::Origin{m_realPrincipal, m_principal, m_source, m_line}))
    , m_articles(std::make_unique<ArticleIngest>(db, clock, m_principal, m_report, *m_cases))
    , m_savepoint(std::make_unique<Savepoint>(Savepoint{db.prepare("SAVEPOINT ingest_record"),
                                                        db.prepare("RELEASE ingest_record"),
                                                        db.prepare("ROLLBACK TO ingest_record")}))
{
}

Ingest::~Ingest() = default;

const IngestReport &Ingest::report() const
{
    return m_report;
}

void Ingest::forgetCaches()
{
    m_seenIds.clear();
    // After a rollback, cached ids may name rows that no longer exist.
    m_cases->forgetCaches();
    m_articles->forgetCaches();
}

Status Ingest::dispatch(const QString &type, const QJsonObject &record)
{
    if (type == "arrival"_L1)
        return m_cases->arrival(record);
    if (type == "proof"_L1)
        return m_cases->proof(record);
    if (type == "case_update"_L1)
        return m_cases->caseUpdate(record);
    if (type == "proposal"_L1)
        return m_articles->proposal(record);
    if (type == "article"_L1)
        return m_articles->article(record);
    if (type == "tenant"_L1)
        return m_cases->tenant(record);
    if (type == "principal"_L1)
        return m_cases->principal(record);
    if (type == "grant"_L1)
        return m_cases->grant(record);
    return fail(u"unknown record type \""_s + type +
                u"\" (expected tenant, principal, grant, arrival, case_update, proof, "
                u"proposal or article)"_s);
}

QString Ingest::recordId(const QString &type, const QJsonObject &record)
{
    // The records whose id names one thing: a second record with that id in
    // the same file would silently overwrite or re-state the first.
    const auto text = [&record](QLatin1String field) {
        const QJsonValue value = record.value(field);
        return value.isString() ? value.toString() : QString();
    };
    QString id;
    if (type == "tenant"_L1 || type == "principal"_L1 || type == "proposal"_L1)
        id = text("id"_L1);
    else if (type == "article"_L1)
        id = text("ref"_L1);
    else if (type == "proof"_L1 && !text("id"_L1).isEmpty())
        id = text("case"_L1) + u' ' + text("id"_L1);
    return id.isEmpty() ? QString() : type + u'\x1f' + id;
}

Status Ingest::apply(const QJsonObject &record, int line)
{
    const QJsonValue typeValue = record.value("type"_L1);
    if (!typeValue.isString() || typeValue.toString().isEmpty())
        return fail(u"record without \"type\""_s);
    const QString type = typeValue.toString();
    // Ids are held to one record per file; a caller applying records of its
    // own making (no line) may restate an article to record its history.
    const QString id = line > 0 ? recordId(type, record) : QString();
    m_line = line;
    if (!id.isEmpty()) {
        if (const auto seen = m_seenIds.constFind(id); seen != m_seenIds.cend()) {
            const QString what = id.sliced(type.size() + 1);
            return fail(
                type + u" \""_s + what + u"\" appears twice in this file"_s +
                (*seen > 0 ? u" (first on line "_s + QString::number(*seen) + u')' : QString()) +
                u"; give each "_s + type + u" one record"_s);
        }
    }

    if (!m_wholeFile) {
        if (auto begun = m_savepoint->begin.exec(); !begun)
            return fail(type + u": "_s + begun.error());
    }
    Status applied = dispatch(type, record);
    if (!m_wholeFile) {
        if (!applied) {
            (void)m_savepoint->rollbackTo.exec();
            forgetCaches();
        }
        if (auto released = m_savepoint->release.exec(); !released && applied)
            return fail(type + u": "_s + released.error());
    }
    if (!applied)
        return applied;
    if (!id.isEmpty())
        m_seenIds.insert(id, line);
    ++m_report.records;
    ++m_report.byType[type];
    return {};
}

Result<IngestReport> Ingest::failLine(const QString &sourceName, int line, const QString &reason)
{
    m_report = {};
    forgetCaches();
    return fail(sourceName + u':' + QString::number(line) + u": "_s + reason);
}

Result<QJsonObject> Ingest::parseLine(const QByteArray &line)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(line, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return fail(u"malformed JSON: "_s + parseError.errorString() + u" at column "_s +
                    QString::number(parseError.offset + 1));
    if (!document.isObject())
        return fail(u"a record must be a JSON object"_s);
    if (const QString problem = m_lineCheck.check(line); !problem.isEmpty())
        return fail(problem);
    return document.object();
}

Result<IngestReport> Ingest::ingestJsonLines(QIODevice &device, const QString &sourceName)
{
    m_report = {};
    forgetCaches();
    m_articles->setSource(sourceName);
    m_source = sourceName;
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(sourceName + u": "_s + transaction.beginError());
    m_wholeFile = true;
    const auto wholeFileDone = qScopeGuard([this] {
        m_wholeFile = false;
        m_articles->setSource({});
        m_source.clear();
    });

    LineReader reader(device);
    QByteArray raw;
    for (;;) {
        auto more = reader.next(raw);
        if (!more)
            return failLine(sourceName, reader.lineNumber() + 1, more.error());
        if (!*more)
            break;
        const int lineNumber = reader.lineNumber();
        const QByteArray line = raw.trimmed();
        if (line.isEmpty())
            continue;
        auto record = parseLine(line);
        if (!record)
            return failLine(sourceName, lineNumber, record.error());
        if (auto applied = apply(*record, lineNumber); !applied)
            return failLine(sourceName, lineNumber, applied.error());
    }
    if (auto committed = transaction.commit(); !committed) {
        m_report = {};
        forgetCaches();
        return fail(sourceName + u": "_s + committed.error());
    }
    return m_report;
}

Result<IngestReport> Ingest::ingestFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(path + u": cannot open: "_s + file.errorString());
    return ingestJsonLines(file, path);
}

} // namespace cw::inline ingest
