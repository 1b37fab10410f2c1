// review and edit: decisions on and corrections of a proposal.

#include "Command.h"
#include "EditRules.h"
#include "ReviewOutput.h"
#include "Vocabulary.h"

namespace cw::cli {

using namespace Qt::StringLiterals;

class ReviewCommand : public Command
{
public:
    QString name() const override { return u"review"_s; }
    QString usage() const override
    {
        return u"review approve|reject|return PROPOSAL --version N --reason TEXT"_s;
    }
    QString summary() const override { return u"a review decision on a proposal revision"_s; }
    QString description() const override
    {
        return u"Approves, rejects or returns a proposal revision, taken on the version you read "
               "(see show): if someone changed it since, it is refused with who and when. A "
               "revision becomes active with a curator's and a domain owner's approval, given by "
               "two different people."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"DECISION"_s, u"approve, reject or return."_s);
        parser.addPositionalArgument(u"PROPOSAL"_s, u"The proposal id, e.g. PR-1."_s);
        review::addDecisionOptions(parser, u"The proposal's version you reviewed."_s);
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 2)
            return context.usage(u"review: expected DECISION and PROPOSAL"_s);
        const std::optional<ReviewDecision> decision = parse<ReviewDecision>(args[0]);
        if (!decision)
            return context.usage(
                u"review: decision must be approve, reject or return, not '%1'"_s.arg(args[0]));
        QString error;
        const auto decided = review::decisionArguments(parser, u"review"_s, error);
        if (!decided)
            return context.usage(error);
        const QString proposal = args[1];
        return review::run(context, [&](ReviewWorkflow &workflow, const Actor &actor) {
            if (decision == ReviewDecision::Approve)
                return workflow.approve(actor, proposal, decided->version, decided->reason);
            if (decision == ReviewDecision::Reject)
                return workflow.reject(actor, proposal, decided->version, decided->reason);
            return workflow.returnProposal(actor, proposal, decided->version, decided->reason);
        });
    }
};

class EditCommand : public Command
{
public:
    QString name() const override { return u"edit"_s; }
    QString usage() const override
    {
        return u"edit PROPOSAL --version N --reason TEXT [--outcome T] ..."_s;
    }
    QString summary() const override
    {
        return u"correct a proposal before publication (substantive edits outdate approvals)"_s;
    }
    QString description() const override
    {
        return u"Corrects a proposal before publication, taken on the version you read (see "
               "show). An empty value clears a field (the title excepted). "_s +
               EditRules::description();
    }
    // An empty value clears the field (the title excepted: a revision needs one).
    QStringList optionsThatMayBeEmpty() const override
    {
        QStringList names;
        for (const auto &[option, help] : textOptions())
            if (option != "title"_L1)
                names.append(option);
        return names;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"PROPOSAL"_s, u"The proposal id, e.g. PR-1."_s);
        review::addDecisionOptions(parser, u"The proposal's version you edited."_s);
        for (const auto &[option, help] : textOptions())
            parser.addOption({option, help, u"TEXT"_s});
        parser.addOption({u"proof-level"_s, u"verified, executed or proposed."_s, u"LEVEL"_s});
        parser.addOption({u"tag"_s, u"A tag; repeat for several (replaces all tags)."_s, u"T"_s});
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 1)
            return context.usage(u"edit: expected exactly one PROPOSAL"_s);
        QString error;
        const auto decided = review::decisionArguments(parser, u"edit"_s, error);
        if (!decided)
            return context.usage(error);
        ProposalEdit e;
        auto take = [&](const QString &option, std::optional<QString> &field) {
            if (parser.isSet(option))
                field = parser.value(option);
        };
        take(u"title"_s, e.title);
        take(u"synopsis"_s, e.synopsis);
        take(u"route"_s, e.route);
        take(u"mechanism"_s, e.mechanism);
        take(u"method"_s, e.method);
        take(u"outcome"_s, e.outcome);
        take(u"limits"_s, e.limits);
        take(u"product"_s, e.product);
        take(u"versions"_s, e.productVersions);
        take(u"proof-level"_s, e.proofLevel);
        if (e.proofLevel && !parse<ProofLevel>(*e.proofLevel))
            return context.usage(
                u"edit: --proof-level must be verified, executed or proposed, not '%1'"_s.arg(
                    *e.proofLevel));
        if (parser.isSet(u"tag"_s))
            e.tags = parser.values(u"tag"_s);
        const QString proposal = args[0];
        return review::run(context, [&](ReviewWorkflow &workflow, const Actor &actor) {
            return workflow.edit(actor, proposal, decided->version, e, decided->reason);
        });
    }

private:
    static QList<std::pair<QString, QString>> textOptions()
    {
        return {{u"title"_s, u"New title (cosmetic)."_s},
                {u"synopsis"_s, u"New synopsis."_s},
                {u"route"_s, u"New route."_s},
                {u"mechanism"_s, u"New mechanism."_s},
                {u"method"_s, u"New method."_s},
                {u"outcome"_s, u"New observed outcome."_s},
                {u"limits"_s, u"New applicability limits."_s},
                {u"product"_s, u"Product of the product scope."_s},
                {u"versions"_s, u"Versions of the product scope, e.g. \">=4.0 <5.0\"."_s}};
    }
};

std::unique_ptr<Command> makeReviewCommand()
{
    return std::make_unique<ReviewCommand>();
}

std::unique_ptr<Command> makeEditCommand()
{
    return std::make_unique<EditCommand>();
}

} // namespace cw::cli
