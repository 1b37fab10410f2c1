#include "TrecWriter.h"

#include <QMap>
#include <QSet>

namespace cw::inline evaluation {

using namespace Qt::StringLiterals;

QByteArray TrecWriter::run(const EvalRun &run)
{
    QByteArray out;
    const QByteArray tag = run.strategy.toUtf8();
    for (const QueryOutcome &q : run.queries) {
        for (qsizetype i = 0; i < q.candidates.size(); ++i) {
            const double score = i < q.scores.size() ? q.scores.at(i) : 0.0;
            out += q.id.toUtf8() + " Q0 " + q.candidates.at(i).toUtf8() + ' ' +
                   QByteArray::number(i + 1) + ' ' + QByteArray::number(score, 'f', 6) + ' ' + tag +
                   '\n';
        }
    }
    return out;
}

QByteArray TrecWriter::qrels(const QuerySet &set, const QList<EvalRun> &runs)
{
    // The revisions returned for each ref, in revision order.
    QMap<QString, QSet<int>> returned;
    for (const EvalRun &run : runs)
        for (const QueryOutcome &q : run.queries)
            for (const QString &doc : q.candidates)
                returned[doc.section(u'@', 0, 0)].insert(doc.section(u'@', 1).toInt());
    QByteArray out;
    for (const Judgment &j : set.judgments) {
        const QByteArray prefix = j.query.toUtf8() + " 0 ";
        const QByteArray grade = ' ' + QByteArray::number(j.grade) + '\n';
        if (j.revision > 0) {
            out += prefix + j.ref.toUtf8() + '@' + QByteArray::number(j.revision) + grade;
            continue;
        }
        QList<int> revisions = returned.value(j.ref).values();
        std::sort(revisions.begin(), revisions.end());
        if (revisions.isEmpty())
            out += prefix + j.ref.toUtf8() + grade;
        for (int revision : std::as_const(revisions)) {
            // An explicit judgment of that revision wins; it is written on its own.
            bool explicitOne = false;
            for (const Judgment &other : set.judgments)
                explicitOne = explicitOne || (other.query == j.query && other.ref == j.ref &&
                                              other.revision == revision);
            if (!explicitOne)
                out += prefix + j.ref.toUtf8() + '@' + QByteArray::number(revision) + grade;
        }
    }
    return out;
}

} // namespace cw::inline evaluation
