#include "QueueOptions.h"

#include "Vocabulary.h"

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

const QStringList &statuses()
{
    static const QStringList list = names<ProposalStatus>();
    return list;
}

} // namespace

void addQueueFilterOptions(QCommandLineParser &parser)
{
    parser.addOption(
        {u"status"_s, u"Only proposals in status S (%1)."_s.arg(statuses().join(u", "_s)), u"S"_s});
    parser.addOption({u"domain"_s, u"Only proposals in domain D."_s, u"D"_s});
    parser.addOption({u"tenant"_s,
                      u"Only proposals from cases of tenant T (one of your own tenants)."_s,
                      u"T"_s});
}

Result<ProposalFilter> queueFilterFrom(const QCommandLineParser &parser)
{
    ProposalFilter filter;
    filter.status = parser.value(u"status"_s);
    filter.domain = parser.value(u"domain"_s);
    filter.tenant = parser.value(u"tenant"_s);
    if (!filter.status.isEmpty() && !parse<ProposalStatus>(filter.status))
        return fail(u"--status must be one of "_s + statuses().join(u", "_s));
    return filter;
}

} // namespace cw::cli
