#include "ProvenanceScope.h"

#include "Access.h"

#include <QHash>
#include <QRegularExpression>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

QString neutralId(qsizetype index)
{
    return u"query-%1"_s.arg(index + 1);
}

template <typename Item> void rename(QList<Item> &items, const QHash<QString, QString> &names)
{
    for (Item &item : items)
        item.query = names.value(item.query, item.query);
}

} // namespace

ProvenanceScope::ProvenanceScope(const Database &db, const Actor *reader)
    : m_db(db)
    , m_reader(reader)
{
}

bool ProvenanceScope::hidden(const QString &queryId, const QString &principal) const
{
    static const QRegularExpression fromRetrieval(u"^mu-[0-9]+$"_s);
    if (principal.isEmpty() || !fromRetrieval.match(queryId).hasMatch())
        return false;
    return !m_reader || !Access(m_db, *m_reader).mayEvaluateVerdictsOf(principal);
}

QuerySet ProvenanceScope::seen(QuerySet set) const
{
    QHash<QString, QString> names;
    for (qsizetype i = 0; i < set.queries.size(); ++i) {
        EvalQuery &query = set.queries[i];
        if (!hidden(query.id, query.as))
            continue;
        names.insert(query.id, neutralId(i));
        query.id = neutralId(i);
        query.as = QString::fromLatin1(HiddenPrincipal);
    }
    if (names.isEmpty())
        return set;
    rename(set.judgments, names);
    rename(set.required, names);
    rename(set.forbidden, names);
    for (QueryPair &pair : set.pairs) {
        for (QString &query : pair.queries)
            query = names.value(query, query);
        pair.in = names.value(pair.in, pair.in);
        pair.notIn = names.value(pair.notIn, pair.notIn);
    }
    return set;
}

EvalRun ProvenanceScope::seen(EvalRun run) const
{
    // A run keeps its set's queries in the set's order (EvaluationRunner),
    // so a hidden query has the same neutral id in both.
    for (qsizetype i = 0; i < run.queries.size(); ++i) {
        QueryOutcome &query = run.queries[i];
        if (!hidden(query.id, query.principal))
            continue;
        query.id = neutralId(i);
        query.principal = QString::fromLatin1(HiddenPrincipal);
        query.exactMatches.clear();
        query.findings.clear();
    }
    return run;
}

} // namespace cw::inline evaluation
