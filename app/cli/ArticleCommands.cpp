// supersede and retire: actions that change which revision of an article is current.

#include "Command.h"
#include "ReviewOutput.h"

namespace cw::cli {

using namespace Qt::StringLiterals;

class SupersedeCommand : public Command
{
public:
    QString name() const override { return u"supersede"_s; }
    QString usage() const override
    {
        return u"supersede ARTICLE --with PROPOSAL --version N --reason TEXT"_s;
    }
    QString summary() const override { return u"replace the active revision"_s; }
    QString description() const override
    {
        return u"Replaces an article's active revision with the revision of an approved proposal: "
               "the state change, its audit row and its outbox event commit together. Curators "
               "only."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"ARTICLE"_s, u"The article ref, e.g. KB-12."_s);
        parser.addOption({u"with"_s, u"The approved proposal that replaces it."_s, u"PROPOSAL"_s});
        review::addDecisionOptions(parser, u"The version of the article's active revision."_s);
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 1)
            return context.usage(u"supersede: expected exactly one ARTICLE"_s);
        if (parser.value(u"with"_s).isEmpty())
            return context.usage(u"supersede: --with PROPOSAL is required"_s);
        QString error;
        const auto decided = review::decisionArguments(parser, u"supersede"_s, error);
        if (!decided)
            return context.usage(error);
        const QString article = args[0];
        const QString proposal = parser.value(u"with"_s);
        return review::run(context, [&](ReviewWorkflow &workflow, const Actor &actor) {
            return workflow.supersede(actor, article, proposal, decided->version, decided->reason);
        });
    }
};

class RetireCommand : public Command
{
public:
    QString name() const override { return u"retire"_s; }
    QString usage() const override { return u"retire ARTICLE --version N --reason TEXT"_s; }
    QString summary() const override { return u"retire the active revision"_s; }
    QString description() const override
    {
        return u"Retires an article's active revision: it is no longer returned as a current "
               "candidate. Curators and the domain owners of the article's domain."_s;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addPositionalArgument(u"ARTICLE"_s, u"The article ref, e.g. KB-12."_s);
        review::addDecisionOptions(parser, u"The version of the article's active revision."_s);
    }
    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        const QStringList args = parser.positionalArguments();
        if (args.size() != 1)
            return context.usage(u"retire: expected exactly one ARTICLE"_s);
        QString error;
        const auto decided = review::decisionArguments(parser, u"retire"_s, error);
        if (!decided)
            return context.usage(error);
        const QString article = args[0];
        return review::run(context, [&](ReviewWorkflow &workflow, const Actor &actor) {
            return workflow.retire(actor, article, decided->version, decided->reason);
        });
    }
};

std::unique_ptr<Command> makeSupersedeCommand()
{
    return std::make_unique<SupersedeCommand>();
}

std::unique_ptr<Command> makeRetireCommand()
{
    return std::make_unique<RetireCommand>();
}

} // namespace cw::cli
