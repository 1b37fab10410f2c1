#include "QuerySet.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

namespace {

template <typename T, typename Fn> QJsonArray arrayOf(const QList<T> &items, Fn toJson)
{
    QJsonArray array;
    for (const T &item : items)
        array.append(toJson(item));
    return array;
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList list;
    for (const QJsonValue &v : value.toArray())
        list.append(v.toString());
    return list;
}

} // namespace

QJsonObject QuerySet::toJson() const
{
    QJsonObject json{{u"id"_s, id}, {u"name"_s, name}};
    json[u"queries"_s] = arrayOf(queries, [](const EvalQuery &q) {
        QJsonObject o = q.fields;
        o[u"id"_s] = q.id;
        if (!q.as.isEmpty())
            o[u"as"_s] = q.as;
        if (!q.strategy.isEmpty())
            o[u"strategy"_s] = q.strategy;
        if (!q.pair.isEmpty())
            o[u"pair"_s] = q.pair;
        return o;
    });
    json[u"judgments"_s] = arrayOf(judgments, [](const Judgment &j) {
        QJsonObject o{{u"query"_s, j.query}, {u"ref"_s, j.ref}, {u"grade"_s, j.grade}};
        if (j.revision > 0)
            o[u"revision"_s] = j.revision;
        return o;
    });
    json[u"required"_s] = arrayOf(required, [](const RequiredFact &r) {
        QJsonObject o{{u"query"_s, r.query}, {u"ref"_s, r.ref}};
        if (!r.flag.isEmpty())
            o[u"flag"_s] = r.flag;
        return o;
    });
    json[u"forbidden"_s] = arrayOf(forbidden, [](const ForbiddenRef &f) {
        return QJsonObject{{u"query"_s, f.query}, {u"ref"_s, f.ref}, {u"why"_s, f.why}};
    });
    json[u"pairs"_s] = arrayOf(pairs, [](const QueryPair &p) {
        return QJsonObject{
            {u"id"_s, p.id},
            {u"queries"_s, QJsonArray::fromStringList(p.queries)},
            {u"decisive"_s,
             QJsonObject{{u"ref"_s, p.decisiveRef}, {u"in"_s, p.in}, {u"not_in"_s, p.notIn}}}};
    });
    return json;
}

Result<QuerySet> QuerySet::fromJson(const QJsonObject &json)
{
    QuerySet set;
    set.id = json[u"id"_s].toString();
    set.name = json[u"name"_s].toString();
    if (set.id.isEmpty())
        return fail(u"stored query set without an id"_s);
    for (const QJsonValue &v : json[u"queries"_s].toArray()) {
        QJsonObject o = v.toObject();
        EvalQuery q;
        q.id = o.take(u"id"_s).toString();
        q.as = o.take(u"as"_s).toString();
        q.strategy = o.take(u"strategy"_s).toString();
        q.pair = o.take(u"pair"_s).toString();
        q.fields = o;
        set.queries.append(q);
    }
    for (const QJsonValue &v : json[u"judgments"_s].toArray()) {
        const QJsonObject o = v.toObject();
        set.judgments.append({o[u"query"_s].toString(), o[u"ref"_s].toString(),
                              o[u"revision"_s].toInt(), o[u"grade"_s].toInt()});
    }
    for (const QJsonValue &v : json[u"required"_s].toArray()) {
        const QJsonObject o = v.toObject();
        set.required.append(
            {o[u"query"_s].toString(), o[u"ref"_s].toString(), o[u"flag"_s].toString()});
    }
    for (const QJsonValue &v : json[u"forbidden"_s].toArray()) {
        const QJsonObject o = v.toObject();
        set.forbidden.append(
            {o[u"query"_s].toString(), o[u"ref"_s].toString(), o[u"why"_s].toString()});
    }
    for (const QJsonValue &v : json[u"pairs"_s].toArray()) {
        const QJsonObject o = v.toObject();
        const QJsonObject d = o[u"decisive"_s].toObject();
        set.pairs.append({o[u"id"_s].toString(), stringsOf(o[u"queries"_s]), d[u"ref"_s].toString(),
                          d[u"in"_s].toString(), d[u"not_in"_s].toString()});
    }
    return set;
}

QString QuerySet::contentHash() const
{
    // QJsonObject keeps its keys sorted: the compact form is canonical.
    const QByteArray canonical = QJsonDocument(toJson()).toJson(QJsonDocument::Compact);
    return QString::fromLatin1(
        QCryptographicHash::hash(canonical, QCryptographicHash::Sha256).toHex());
}

const EvalQuery *QuerySet::query(const QString &queryId) const
{
    for (const EvalQuery &q : queries)
        if (q.id == queryId)
            return &q;
    return nullptr;
}

QList<Judgment> QuerySet::judgmentsOf(const QString &queryId) const
{
    QList<Judgment> list;
    for (const Judgment &j : judgments)
        if (j.query == queryId)
            list.append(j);
    return list;
}

QList<RequiredFact> QuerySet::requiredOf(const QString &queryId) const
{
    QList<RequiredFact> list;
    for (const RequiredFact &r : required)
        if (r.query == queryId)
            list.append(r);
    return list;
}

QList<ForbiddenRef> QuerySet::forbiddenOf(const QString &queryId) const
{
    QList<ForbiddenRef> list;
    for (const ForbiddenRef &f : forbidden)
        if (f.query == queryId)
            list.append(f);
    return list;
}

} // namespace cw::inline evaluation
