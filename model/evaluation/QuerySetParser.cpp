#include "QuerySetParser.h"

#include "StrategyCatalog.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

// The retrieval fields a query may carry: RetrievalJson::request's names.
const QSet<QString> &queryStrings()
{
    static const QSet<QString> names{u"text"_s,      u"case"_s,    u"source"_s,
                                     u"domain"_s,    u"product"_s, u"version"_s,
                                     u"min_proof"_s, u"as_of"_s,   u"purpose"_s};
    return names;
}
const QSet<QString> &queryLists()
{
    static const QSet<QString> names{u"tags"_s, u"symptoms"_s, u"refs"_s};
    return names;
}
const QSet<QString> &queryNumbers()
{
    static const QSet<QString> names{u"limit"_s, u"budget_tokens"_s};
    return names;
}

// One line being read: every check names the line and the field.
class Line
{
public:
    Line(int number, QJsonObject object)
        : m_number(number)
        , m_object(std::move(object))
    {
    }

    QString error(const QString &message) const
    {
        return u"line %1: %2"_s.arg(m_number).arg(message);
    }
    Result<QString> text(const QString &field, bool required = true) const
    {
        const QJsonValue v = m_object.value(field);
        if (v.isUndefined() && !required)
            return QString();
        if (!v.isString() || v.toString().trimmed().isEmpty())
            return fail(error(u"field '%1' must be a non-empty string"_s.arg(field)));
        return v.toString();
    }
    Result<int> integer(const QString &field, int low, int high, int absent) const
    {
        const QJsonValue v = m_object.value(field);
        if (v.isUndefined())
            return absent;
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != double(int(d)) || d < low || d > high)
            return fail(
                error(u"field '%1' must be a whole number from %2 to %3"_s.arg(field).arg(low).arg(
                    high)));
        return int(d);
    }
    Status onlyFields(const QSet<QString> &allowed) const
    {
        for (auto it = m_object.begin(); it != m_object.end(); ++it)
            if (!allowed.contains(it.key()))
                return fail(error(u"unknown field '%1'"_s.arg(it.key())));
        return {};
    }
    const QJsonObject &object() const { return m_object; }
    int number() const { return m_number; }

private:
    int m_number;
    QJsonObject m_object;
};

Result<EvalQuery> readQuery(const Line &line)
{
    QSet<QString> allowed{u"type"_s, u"id"_s, u"as"_s, u"strategy"_s, u"pair"_s};
    allowed.unite(queryStrings()).unite(queryLists()).unite(queryNumbers());
    if (auto ok = line.onlyFields(allowed); !ok)
        return fail(ok.error());
    EvalQuery q;
    auto id = line.text(u"id"_s);
    auto as = line.text(u"as"_s, false);
    auto strategy = line.text(u"strategy"_s, false);
    auto pair = line.text(u"pair"_s, false);
    for (const auto *r : {&id, &as, &strategy, &pair})
        if (!*r)
            return fail(r->error());
    q.id = *id;
    q.as = *as;
    q.strategy = *strategy;
    q.pair = *pair;
    if (!q.strategy.isEmpty())
        if (auto known = StrategyCatalog::builtIn().find(q.strategy); !known)
            return fail(line.error(u"field 'strategy': "_s + known.error()));
    for (auto it = line.object().begin(); it != line.object().end(); ++it) {
        const QString &key = it.key();
        if (queryStrings().contains(key)) {
            if (!it->isString())
                return fail(line.error(u"field '%1' must be a string"_s.arg(key)));
            if (key == u"as_of"_s && !QDateTime::fromString(it->toString(), Qt::ISODate).isValid())
                return fail(line.error(
                    u"field 'as_of' must be an RFC 3339 time, not '%1'"_s.arg(it->toString())));
            q.fields[key] = *it;
        } else if (queryLists().contains(key)) {
            bool strings = it->isArray();
            for (const QJsonValue &v : it->toArray())
                strings = strings && v.isString() && !v.toString().isEmpty();
            if (!strings)
                return fail(
                    line.error(u"field '%1' must be a list of non-empty strings"_s.arg(key)));
            q.fields[key] = *it;
        } else if (queryNumbers().contains(key)) {
            auto n = line.integer(key, 1, 1000000, 0);
            if (!n)
                return fail(n.error());
            q.fields[key] = *n;
        }
    }
    return q;
}

Result<Judgment> readJudgment(const Line &line)
{
    if (auto ok = line.onlyFields({u"type"_s, u"query"_s, u"ref"_s, u"revision"_s, u"grade"_s});
        !ok)
        return fail(ok.error());
    auto query = line.text(u"query"_s);
    auto ref = line.text(u"ref"_s);
    auto revision = line.integer(u"revision"_s, 1, 1000000, 0);
    if (!line.object().contains(u"grade"_s))
        return fail(line.error(u"field 'grade' is missing (0 to 3)"_s));
    auto grade = line.integer(u"grade"_s, 0, 3, 0);
    if (!query || !ref)
        return fail(!query ? query.error() : ref.error());
    if (!revision || !grade)
        return fail(!revision ? revision.error() : grade.error());
    return Judgment{*query, *ref, *revision, *grade};
}

Result<QueryPair> readPair(const Line &line)
{
    if (auto ok = line.onlyFields({u"type"_s, u"id"_s, u"queries"_s, u"decisive"_s}); !ok)
        return fail(ok.error());
    auto id = line.text(u"id"_s);
    if (!id)
        return fail(id.error());
    QueryPair pair;
    pair.id = *id;
    for (const QJsonValue &v : line.object().value(u"queries"_s).toArray())
        pair.queries.append(v.toString());
    if (pair.queries.size() != 2 || pair.queries.contains(QString()) ||
        pair.queries.first() == pair.queries.last())
        return fail(line.error(u"field 'queries' must name two different queries"_s));
    const QJsonObject d = line.object().value(u"decisive"_s).toObject();
    pair.decisiveRef = d.value(u"ref"_s).toString();
    pair.in = d.value(u"in"_s).toString();
    pair.notIn = d.value(u"not_in"_s).toString();
    if (pair.decisiveRef.isEmpty())
        return fail(line.error(u"field 'decisive' needs a 'ref'"_s));
    if (!pair.queries.contains(pair.in) || !pair.queries.contains(pair.notIn) ||
        pair.in == pair.notIn)
        return fail(
            line.error(u"field 'decisive': 'in' and 'not_in' must be the pair's two queries"_s));
    return pair;
}

// References between lines are checked once every line is read (a judgment
// may come before its query); the error names the referring line.
Status checkReferences(const QuerySet &set, const QHash<const void *, int> &lineOf)
{
    QSet<QString> queries;
    for (const EvalQuery &q : set.queries)
        queries.insert(q.id);
    QSet<QString> pairs;
    for (const QueryPair &p : set.pairs)
        pairs.insert(p.id);
    const auto unknown = [&](const void *item, const QString &field, const QString &value) {
        return fail(u"line %1: field '%2' names no query of the set: '%3'"_s.arg(lineOf.value(item))
                        .arg(field, value));
    };
    for (const Judgment &j : set.judgments)
        if (!queries.contains(j.query))
            return unknown(&j, u"query"_s, j.query);
    for (const RequiredFact &r : set.required)
        if (!queries.contains(r.query))
            return unknown(&r, u"query"_s, r.query);
    for (const ForbiddenRef &f : set.forbidden)
        if (!queries.contains(f.query))
            return unknown(&f, u"query"_s, f.query);
    for (const QueryPair &p : set.pairs)
        for (const QString &q : p.queries)
            if (!queries.contains(q))
                return unknown(&p, u"queries"_s, q);
    for (const EvalQuery &q : set.queries)
        if (!q.pair.isEmpty() && !pairs.contains(q.pair))
            return fail(
                u"line %1: field 'pair' names no pair of the set: '%2'"_s.arg(lineOf.value(&q))
                    .arg(q.pair));
    return {};
}

} // namespace

Result<QuerySet> QuerySetParser::parse(const QByteArray &jsonLines)
{
    QuerySet set;
    int setLine = 0;
    QSet<QString> queryIds;
    QSet<QString> pairIds;
    // Line numbers of the items, for the reference checks at the end.
    QList<std::pair<QString, int>> order;
    const QList<QByteArray> lines = jsonLines.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray raw = lines.at(i).trimmed();
        if (raw.isEmpty())
            continue;
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(raw, &parseError);
        if (!doc.isObject())
            return fail(u"line %1: not a JSON object (%2)"_s.arg(i + 1).arg(
                parseError.error == QJsonParseError::NoError ? u"another JSON value"_s
                                                             : parseError.errorString()));
        const Line line(i + 1, doc.object());
        const QString type = doc.object().value(u"type"_s).toString();
        if (type == u"set"_s) {
            if (setLine > 0)
                return fail(
                    line.error(u"a second 'set' line (the first is line %1)"_s.arg(setLine)));
            if (auto ok = line.onlyFields({u"type"_s, u"id"_s, u"name"_s}); !ok)
                return fail(ok.error());
            auto id = line.text(u"id"_s);
            auto name = line.text(u"name"_s, false);
            if (!id || !name)
                return fail(!id ? id.error() : name.error());
            set.id = *id;
            set.name = name->isEmpty() ? *id : *name;
            setLine = i + 1;
        } else if (type == u"query"_s) {
            auto q = readQuery(line);
            if (!q)
                return fail(q.error());
            if (queryIds.contains(q->id))
                return fail(line.error(u"field 'id': query '%1' is defined twice"_s.arg(q->id)));
            queryIds.insert(q->id);
            set.queries.append(*q);
        } else if (type == u"judgment"_s) {
            auto j = readJudgment(line);
            if (!j)
                return fail(j.error());
            set.judgments.append(*j);
        } else if (type == u"required"_s) {
            if (auto ok = line.onlyFields({u"type"_s, u"query"_s, u"ref"_s, u"flag"_s}); !ok)
                return fail(ok.error());
            auto query = line.text(u"query"_s);
            auto ref = line.text(u"ref"_s);
            auto flag = line.text(u"flag"_s, false);
            for (const auto *r : {&query, &ref, &flag})
                if (!*r)
                    return fail(r->error());
            set.required.append({*query, *ref, *flag});
        } else if (type == u"forbidden"_s) {
            if (auto ok = line.onlyFields({u"type"_s, u"query"_s, u"ref"_s, u"why"_s}); !ok)
                return fail(ok.error());
            auto query = line.text(u"query"_s);
            auto ref = line.text(u"ref"_s);
            auto why = line.text(u"why"_s);
            for (const auto *r : {&query, &ref, &why})
                if (!*r)
                    return fail(r->error());
            set.forbidden.append({*query, *ref, *why});
        } else if (type == u"pair"_s) {
            auto p = readPair(line);
            if (!p)
                return fail(p.error());
            if (pairIds.contains(p->id))
                return fail(line.error(u"field 'id': pair '%1' is defined twice"_s.arg(p->id)));
            pairIds.insert(p->id);
            set.pairs.append(*p);
        } else {
            return fail(line.error(
                u"field 'type' must be set, query, judgment, required, forbidden or pair, not "
                "'%1'"_s.arg(type)));
        }
        order.append({type, i + 1});
    }
    if (setLine == 0)
        return fail(u"no 'set' line: a query set starts with {\"type\":\"set\",\"id\":...}"_s);
    if (set.queries.isEmpty())
        return fail(u"the set '%1' has no queries"_s.arg(set.id));
    // Map each item to its line, in the order they were appended per type.
    QHash<const void *, int> lineOf;
    QHash<QString, int> next;
    for (const auto &[type, number] : std::as_const(order)) {
        const int n = next[type]++;
        const void *item = nullptr;
        if (type == u"query"_s)
            item = &set.queries.at(n);
        else if (type == u"judgment"_s)
            item = &set.judgments.at(n);
        else if (type == u"required"_s)
            item = &set.required.at(n);
        else if (type == u"forbidden"_s)
            item = &set.forbidden.at(n);
        else if (type == u"pair"_s)
            item = &set.pairs.at(n);
        if (item)
            lineOf.insert(item, number);
    }
    if (auto ok = checkReferences(set, lineOf); !ok)
        return fail(ok.error());
    return set;
}

} // namespace cw::inline evaluation
