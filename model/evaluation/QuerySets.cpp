#include "QuerySets.h"

#include "Clock.h"
#include "Database.h"
#include "EvaluationStore.h"
#include "ProvenanceScope.h"
#include "QuerySetParser.h"
#include "Transaction.h"

#include <QJsonDocument>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

QString SetImport::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Created:
        return u"created"_s;
    case Outcome::Unchanged:
        return u"unchanged"_s;
    case Outcome::Replaced:
        return u"replaced"_s;
    }
    return {};
}

QuerySets::QuerySets(const Database &db, const Clock &clock)
    : m_db(db)
    , m_clock(clock)
{
}

Result<SetImport> QuerySets::importJsonLines(const QByteArray &jsonLines, const QString &importedBy)
{
    auto set = QuerySetParser::parse(jsonLines);
    if (!set)
        return fail(set.error());
    return import(*set, importedBy);
}

Result<SetImport> QuerySets::import(const QuerySet &set, const QString &importedBy)
{
    SetImport report;
    report.id = set.id;
    report.name = set.name;
    report.hash = set.contentHash();
    report.queries = int(set.queries.size());
    report.judgments = int(set.judgments.size());
    Transaction transaction(m_db);
    if (!transaction.isActive())
        return fail(transaction.beginError());
    EvaluationStore store(m_db);
    auto existing = store.findSet(set.id);
    if (!existing)
        return fail(existing.error());
    if (*existing && (*existing)->contentHash == report.hash) {
        report.outcome = SetImport::Outcome::Unchanged;
        return report; // the transaction rolls back: nothing was written
    }
    report.outcome = *existing ? SetImport::Outcome::Replaced : SetImport::Outcome::Created;
    EvalSetRecord record{
        set.id,
        set.name,
        report.hash,
        QString::fromUtf8(QJsonDocument(set.toJson()).toJson(QJsonDocument::Compact)),
        report.queries,
        report.judgments,
        m_clock.nowText(),
        importedBy};
    if (auto saved = store.saveSet(record); !saved)
        return fail(saved.error());
    if (auto committed = transaction.commit(); !committed)
        return fail(committed.error());
    return report;
}

Result<QList<EvalSetRecord>> QuerySets::list() const
{
    return EvaluationStore(m_db).sets();
}

Result<std::optional<QuerySet>> QuerySets::load(const QString &id, const Actor *reader) const
{
    auto record = EvaluationStore(m_db).findSet(id);
    if (!record)
        return fail(record.error());
    if (!*record)
        return std::optional<QuerySet>();
    auto set = QuerySet::fromJson(QJsonDocument::fromJson((*record)->content.toUtf8()).object());
    if (!set)
        return fail(set.error());
    return std::optional(ProvenanceScope(m_db, reader).seen(*set));
}

} // namespace cw::inline evaluation
