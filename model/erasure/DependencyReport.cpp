#include "DependencyReport.h"

#include <QJsonArray>

namespace cw::inline erasure {

using namespace Qt::StringLiterals;

qint64 DependencyReport::count(const QString &name) const
{
    for (const DependencySection &s : sections) {
        if (s.name == name)
            return s.count;
    }
    return 0;
}

qint64 DependencyReport::total() const
{
    qint64 sum = 0;
    for (const DependencySection &s : sections)
        sum += s.count;
    return sum;
}

QJsonObject DependencyReport::counts() const
{
    QJsonObject counts;
    for (const DependencySection &s : sections)
        counts.insert(s.name, s.count);
    return counts;
}

QJsonObject DependencyReport::toJson() const
{
    QJsonObject dependencies;
    for (const DependencySection &s : sections) {
        QJsonObject section{{u"count"_s, s.count},
                            {u"action"_s, s.action},
                            {u"items"_s, QJsonArray::fromStringList(s.items)}};
        if (!s.available)
            section.insert(u"available"_s, false);
        dependencies.insert(s.name, section);
    }
    QJsonArray order;
    for (const DependencySection &s : sections)
        order.append(s.name);
    return {{u"scope"_s, scope},
            {u"subject"_s, subject},
            {u"dependencies"_s, dependencies},
            {u"order"_s, order},
            {u"total"_s, total()}};
}

QString DependencyReport::toText() const
{
    QString text;
    for (const DependencySection &s : sections) {
        text += u"%1: %2 (%3)%4\n"_s.arg(s.name).arg(s.count).arg(
            s.action, s.available ? QString() : u" [tables not present]"_s);
        for (const QString &item : s.items)
            text += u"  "_s + item + u'\n';
    }
    text += u"total: %1\n"_s.arg(total());
    return text;
}

} // namespace cw::inline erasure
