// proposals: the review queue as a list.

#include "Access.h"
#include "Command.h"
#include "ProposalStore.h"
#include "TextEscape.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cw::cli {

using namespace Qt::StringLiterals;

class ProposalsCommand : public Command
{
public:
    QString name() const override { return u"proposals"_s; }
    QString usage() const override { return u"proposals [--status S] [--domain D]"_s; }
    QString summary() const override { return u"list proposals"_s; }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption({u"status"_s,
                          u"Only proposals in status S (pending, returned, rejected, approved, "
                          "published)."_s,
                          u"S"_s});
        parser.addOption({u"domain"_s, u"Only proposals in domain D."_s, u"D"_s});
        parser.addOption({u"tenant"_s, u"Only proposals from cases of tenant T."_s, u"T"_s});
        parser.addOption({u"limit"_s, u"Show at most N (default 200)."_s, u"N"_s, u"200"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        static const QStringList statuses = {u"pending"_s, u"returned"_s, u"rejected"_s,
                                             u"approved"_s, u"published"_s};
        ProposalFilter filter;
        filter.status = parser.value(u"status"_s);
        filter.domain = parser.value(u"domain"_s);
        filter.tenant = parser.value(u"tenant"_s);
        if (!filter.status.isEmpty() && !statuses.contains(filter.status))
            return context.usage(u"proposals: --status must be one of "_s + statuses.join(u", "_s));
        bool ok = false;
        const int limit = parser.value(u"limit"_s).toInt(&ok);
        if (!ok || limit <= 0)
            return context.usage(u"proposals: --limit needs a positive whole number"_s);
        auto actor = context.actor();
        if (!actor)
            return context.refuse(actor.error());
        Database &db = **context.database();
        const Access access(db, *actor);
        ProposalStore store(db);
        auto page = store.list(filter, nullptr, limit);
        auto total = store.count(filter);
        if (!page || !total)
            return context.refuse(!page ? page.error() : total.error());

        if (context.json()) {
            QJsonArray rows;
            for (const ProposalSummary &p : *page) {
                const auto key = CaseKey::parse(p.caseKey);
                const bool visible = key && access.mayReadCase(*key);
                rows.append(QJsonObject{
                    {u"id"_s, p.id},
                    {u"status"_s, p.status},
                    {u"article"_s, p.articleRef},
                    {u"revision"_s, p.revision},
                    {u"revision_state"_s, p.revisionState},
                    {u"kind"_s, p.kind},
                    {u"domain"_s, p.domain},
                    {u"title"_s, p.title},
                    {u"proof_level"_s, p.proofLevel},
                    {u"case"_s, visible ? QJsonValue(p.caseKey) : QJsonValue(QJsonValue::Null)},
                    {u"case_redacted"_s, key.has_value() && !visible},
                    {u"proposed_by"_s, p.proposedBy},
                    {u"proposed_at"_s, p.proposedAt}});
            }
            return context.printJson(
                {{u"proposals"_s, rows}, {u"count"_s, rows.size()}, {u"total"_s, qint64(*total)}});
        }
        QTextStream &out = context.out();
        out << u"ID"_s.leftJustified(12) << u"STATUS"_s.leftJustified(10)
            << u"PROOF"_s.leftJustified(10) << u"DOMAIN"_s.leftJustified(14)
            << u"ARTICLE"_s.leftJustified(16) << u"CASE"_s.leftJustified(32) << "TITLE\n";
        for (const ProposalSummary &p : *page) {
            const auto key = CaseKey::parse(p.caseKey);
            const QString caseText = !key                       ? u"-"_s
                                     : access.mayReadCase(*key) ? p.caseKey
                                                                : u"(redacted)"_s;
            // Stored values: escaped, so that a title cannot forge a row.
            out << escaped(p.id).leftJustified(12) << escaped(p.status).leftJustified(10)
                << escaped(p.proofLevel).leftJustified(10) << escaped(p.domain).leftJustified(14)
                << escaped(p.articleRef + u" r"_s + QString::number(p.revision)).leftJustified(15)
                << u' ' << escaped(caseText).leftJustified(32) << escaped(p.title) << '\n';
        }
        out << page->size() << " of " << *total << " proposals" << Qt::endl;
        return ExitOk;
    }
};

std::unique_ptr<Command> makeProposalsCommand()
{
    return std::make_unique<ProposalsCommand>();
}

} // namespace cw::cli
