#include "ComparisonCsv.h"

#include "EvalComparisonModel.h"

#include <QLocale>
#include <QStringList>

namespace cw::ComparisonCsv {

namespace {

QString number(double value)
{
    // The shortest text that reads back as the same double: the file holds
    // the figures exactly, not as rounded for the screen.
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray line(const QStringList &cells)
{
    return cells.join(u',').toUtf8() + "\r\n";
}

} // namespace

QString cell(const QString &text)
{
    QString value = text;
    if (!value.isEmpty() && QStringLiteral("=+-@").contains(value.front()))
        value.prepend(u'\'');
    if (value.contains(u',') || value.contains(u'"') || value.contains(u'\n') ||
        value.contains(u'\r')) {
        value.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        value = u'"' + value + u'"';
    }
    return value;
}

QByteArray write(const Comparison &c)
{
    QByteArray csv;
    csv += line({QStringLiteral("set"), QStringLiteral("run_a"), QStringLiteral("run_b"),
                 QStringLiteral("permutations"), QStringLiteral("seed"), QStringLiteral("exact"),
                 QStringLiteral("a_wins"), QStringLiteral("b_wins"), QStringLiteral("ties"),
                 QStringLiteral("mean_rbo")});
    csv += line({cell(c.set), QString::number(c.runA), QString::number(c.runB),
                 QString::number(c.permutations), QString::number(c.seed),
                 c.exact ? QStringLiteral("true") : QStringLiteral("false"),
                 QString::number(c.aWins.size()), QString::number(c.bWins.size()),
                 QString::number(c.ties), number(c.meanRbo)});
    csv += "\r\n";
    csv +=
        line({QStringLiteral("metric"), QStringLiteral("a"), QStringLiteral("b"),
              QStringLiteral("difference"), QStringLiteral("p_value"), QStringLiteral("queries")});
    for (const MetricComparison &m : c.metrics)
        csv += line({cell(m.metric), number(m.meanA), number(m.meanB), number(m.difference),
                     number(m.pValue), QString::number(m.queries)});
    csv += "\r\n";
    csv += line({QStringLiteral("query"), QStringLiteral("a_") + cell(c.winMetric),
                 QStringLiteral("b_") + cell(c.winMetric), QStringLiteral("winner"),
                 QStringLiteral("rbo")});
    for (const QueryComparison &q : c.queries)
        csv += line({cell(q.id), number(q.a), number(q.b),
                     cell(EvalQueryComparisonModel::winnerOf(c, q.id)), number(q.rbo)});
    return csv;
}

} // namespace cw::ComparisonCsv
