// memory-search: the memory-search skill's Modes A, B and C (INTERFACES.md §6).

#include "Command.h"
#include "LagMonitor.h"
#include "MemorySearch.h"
#include "MemorySearchFormat.h"

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

const QStringList FieldOptions = {u"domain"_s, u"level"_s, u"status"_s, u"tag"_s, u"related-to"_s};

} // namespace

class MemorySearchCommand : public Command
{
public:
    QString name() const override { return u"memory-search"_s; }
    QString usage() const override
    {
        return u"memory-search --mode A [--domain D] [--level L] [--status S] [--tag T]... "
               "[--related-to ID]... | --mode B KEYWORD [KEYWORD [KEYWORD]] | --mode C DEC-ID"_s;
    }
    QString summary() const override
    {
        return u"find memory files: frontmatter (A), content (B), cross-references (C)"_s;
    }
    QString description() const override
    {
        return u"Answers the memory-search skill's queries from the database, in its "
               "search_results form: Mode A matches frontmatter fields, Mode B one to three "
               "keywords in the content, Mode C the files that reference a DEC id."_s;
    }
    Database::Mode databaseMode(const QCommandLineParser &) const override
    {
        return Database::Mode::ReadOnlyChecked;
    }
    void addOptions(QCommandLineParser &parser) const override
    {
        parser.addOption(
            {u"mode"_s, u"A (frontmatter fields), B (keywords), C (a DEC id)."_s, u"A|B|C"_s});
        parser.addOption({u"domain"_s, u"Mode A: the domain field."_s, u"D"_s});
        parser.addOption({u"level"_s, u"Mode A: the level field."_s, u"L"_s});
        parser.addOption(
            {u"status"_s, u"Mode A: the status as filed (final, draft, ...)."_s, u"S"_s});
        parser.addOption({u"tag"_s, u"Mode A: a tag the file must have (repeatable)."_s, u"T"_s});
        parser.addOption({u"related-to"_s,
                          u"Mode A: a DEC id the file's related_to must list (repeatable)."_s,
                          u"ID"_s});
        parser.addPositionalArgument(u"QUERY"_s, u"Mode B: 1-3 keywords; Mode C: one DEC id."_s,
                                     u"[KEYWORD... | DEC-ID]"_s);
    }

    int run(CliContext &context, const QCommandLineParser &parser) override
    {
        if (!parser.isSet(u"mode"_s))
            return context.usage(u"memory-search: --mode A, B or C is required"_s);
        const QString mode = parser.value(u"mode"_s).toUpper();
        if (mode != u"A" && mode != u"B" && mode != u"C")
            return context.usage(u"memory-search: --mode must be A, B or C, not '%1'"_s.arg(
                parser.value(u"mode"_s)));
        const QStringList positional = parser.positionalArguments();
        if (mode != u"A") {
            for (const QString &option : FieldOptions) {
                if (parser.isSet(option))
                    return context.usage(
                        u"memory-search: --%1 belongs to Mode A, not Mode %2"_s.arg(option, mode));
            }
        }
        MemoryFieldQuery fields;
        if (mode == u"A") {
            if (!positional.isEmpty())
                return context.usage(u"memory-search: Mode A takes fields as options "
                                     "(--domain, --level, --status, --tag, --related-to), "
                                     "not '%1'"_s.arg(positional.constFirst()));
            fields.domain = parser.value(u"domain"_s);
            fields.level = parser.value(u"level"_s);
            fields.status = parser.value(u"status"_s);
            fields.tags = parser.values(u"tag"_s);
            fields.relatedTo = parser.values(u"related-to"_s);
            if (fields.isEmpty())
                return context.usage(u"memory-search: Mode A needs at least one of --domain, "
                                     "--level, --status, --tag, --related-to"_s);
        } else if (mode == u"B") {
            if (positional.isEmpty() || positional.size() > MemorySearch::MaxKeywords)
                return context.usage(u"memory-search: Mode B takes 1 to 3 keywords, got %1"_s.arg(
                    positional.size()));
            // A keyword full-text search cannot match (empty, only
            // punctuation) would silently drop out of the query.
            for (const QString &keyword : positional) {
                if (MemorySearch::ftsExpression({keyword}).isEmpty())
                    return context.usage(u"memory-search: Mode B keywords must contain letters "
                                         "or digits, not '%1'"_s.arg(keyword));
            }
        } else if (positional.size() != 1 || !MemorySearch::isDecisionId(positional.constFirst())) {
            return context.usage(u"memory-search: Mode C takes exactly one DEC id like DEC-42"_s);
        }

        auto db = context.database();
        if (!db)
            return context.refuse(db.error());
        auto actor = context.actorIfAny();
        if (!actor)
            return context.refuse(actor.error());
        // The lag the answer's notes report, from the one lag reader.
        auto lag = LagMonitor(**db, context.clock()).report();
        if (!lag)
            return context.refuse(u"memory-search: "_s + lag.error());
        const MemorySearch search(**db, *actor ? &**actor : nullptr,
                                  MemoryIndexLag{lag->watermark, lag->lagEvents});
        auto result = mode == u"A"   ? search.byFields(fields)
                      : mode == u"B" ? search.byContent(positional)
                                     : search.byReference(positional.constFirst());
        if (!result)
            return context.refuse(CliContext::deniedKind(result.error()),
                                  u"memory-search: "_s + result.error());
        if (context.json())
            return context.printJson(MemorySearchFormat::toJson(*result));
        context.out() << MemorySearchFormat::toYaml(*result);
        context.out().flush();
        return ExitOk;
    }
};

std::unique_ptr<Command> makeMemorySearchCommand()
{
    return std::make_unique<MemorySearchCommand>();
}

} // namespace cw::cli
