// proposals: the review queue as a list.

#include "Command.h"
#include "Plural.h"
#include "QueueExport.h"
#include "QueueOptions.h"
#include "ReviewQueue.h"
#include "TextTable.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class ProposalsCommand : public Command
{
public:
    QString name() const override { return u"proposals"_s; }
    QString usage() const override { return u"proposals [--status S] [--domain D] [--tenant T]"_s; }
    QString summary() const override { return u"list proposals"_s; }
    QString description() const override
    {
        return u"Lists the proposals you may see, with their status, proof level, domain, article "
               "revision, source case (redacted when it belongs to a tenant you do not read) and "
               "title, and how many there are in all."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        addQueueFilterOptions(parser);
        parser.addOption({u"limit"_s, u"Show at most N (default 200)."_s, u"N"_s, u"200"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        auto filter = queueFilterFrom(parser);
        if (!filter)
            return context.usage(u"proposals: "_s + filter.error());
        bool ok = false;
        const int limit = parser.value(u"limit"_s).toInt(&ok);
        if (!ok || limit <= 0)
            return context.usage(u"proposals: --limit needs a positive whole number"_s);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        const ReviewQueue queue(**context.database(), *actor);
        auto page = queue.page(*filter, nullptr, limit);
        if (!page)
            return context.refuse(page.refusal());
        auto total = queue.count(*filter);
        if (!total)
            return context.refuse(total.refusal());

        if (context.json()) {
            QJsonArray rows;
            for (const ProposalSummary &p : *page)
                rows.append(QueueExport::rowJson(p));
            return context.printJson(
                {{u"proposals"_s, rows}, {u"count"_s, rows.size()}, {u"total"_s, qint64(*total)}});
        }
        // Columns as wide as what is shown; stored values escaped by the table,
        // so that a title cannot forge a row.
        TextTable table(
            {u"ID"_s, u"STATUS"_s, u"PROOF"_s, u"DOMAIN"_s, u"ARTICLE"_s, u"CASE"_s, u"TITLE"_s});
        for (const ProposalSummary &p : *page) {
            const QString caseText = p.caseRedacted        ? u"(redacted)"_s
                                     : p.caseKey.isEmpty() ? u"-"_s
                                                           : p.caseKey;
            table.addRow({p.id, p.status, p.proofLevel, p.domain,
                          p.articleRef + u" r"_s + QString::number(p.revision), caseText, p.title});
        }
        QTextStream &out = context.out();
        table.print(out);
        out << page->size() << " of " << counted(*total, u"proposal") << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeProposalsCommand()
{
    return std::make_unique<ProposalsCommand>();
}

} // namespace cw::cli
