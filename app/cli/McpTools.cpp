#include "McpTools.h"

#include "CommandLine.h"
#include "StrategyCatalog.h"
#include "Verdicts.h"

#include <QJsonDocument>

#include <cmath>
#include <utility>

namespace cw::cli {

using namespace Qt::StringLiterals;

namespace {

// One argument of a tool: a JSON property standing for one of the command's
// options (--NAME=VALUE, once per value of an array) or for its positional
// arguments (after --, in the table's order).
struct Property
{
    enum Type
    {
        String,
        Integer, // a positive whole number
        Strings  // an array of strings
    };
    QString name;
    Type type = String;
    QString description;
    bool positional = false;
    bool required = false;
    QStringList allowed; // an enum, when not empty
    int maxItems = 0;    // for Strings, when not 0

    Property(QString name_, Type type_, QString description_)
        : name(std::move(name_))
        , type(type_)
        , description(std::move(description_))
    {
    }
    Property &asPositional() { return positional = true, *this; }
    Property &isRequired() { return required = true, *this; }
    Property &oneOf(QStringList values) { return allowed = std::move(values), *this; }
    Property &atMost(int items) { return maxItems = items, *this; }
};

struct Tool
{
    QString name;
    QList<Property> properties;
};

Property text(const QString &name, const QString &description)
{
    return {name, Property::String, description};
}
Property number(const QString &name, const QString &description)
{
    return {name, Property::Integer, description};
}
Property texts(const QString &name, const QString &description)
{
    return {name, Property::Strings, description};
}

QString strategyHelp()
{
    return u"Strategy id or id@version: "_s + StrategyCatalog::builtIn().ids().join(u", "_s) + u'.';
}

// The tools and their arguments: the commands' options (INTERFACES.md
// §5-§6, docs/cli.md), named as on the command line; positional arguments
// get the names the answers use (ref, memory_use_id).
const QList<Tool> &tools()
{
    static const QList<Tool> table = {
        {u"query"_s,
         {
             text(u"strategy"_s, strategyHelp()).isRequired(),
             text(u"text"_s, u"Objective or symptom text (content search)."_s),
             text(u"case"_s, u"The current case: tenant/source_system/source_request."_s),
             text(u"source"_s, u"Canonical source identity SYSTEM/REQUEST/REVISION."_s),
             text(u"domain"_s, u"Requesting domain."_s),
             texts(u"tag"_s, u"Tags."_s),
             texts(u"symptom"_s, u"Symptom tags."_s),
             texts(u"ref"_s, u"Explicit article refs."_s),
             text(u"product"_s, u"Product of the request."_s),
             text(u"version"_s, u"Product version of the request."_s),
             text(u"min-proof"_s, u"Minimum proof level."_s)
                 .oneOf({u"verified"_s, u"executed"_s, u"proposed"_s}),
             number(u"limit"_s, u"At most K candidates."_s),
             number(u"budget-tokens"_s, u"Token budget for the candidates."_s),
             text(u"as-of"_s, u"Answer from what was current at this time (RFC 3339)."_s),
             text(u"purpose"_s, u"Why you ask (recorded)."_s),
         }},
        {u"memory-search"_s,
         {
             text(u"mode"_s, u"A (frontmatter fields), B (keywords), C (a DEC id)."_s)
                 .isRequired()
                 .oneOf({u"A"_s, u"B"_s, u"C"_s}),
             text(u"domain"_s, u"Mode A: the domain field."_s),
             text(u"level"_s, u"Mode A: the level field."_s),
             text(u"status"_s, u"Mode A: the status as filed (final, draft, ...)."_s),
             texts(u"tag"_s, u"Mode A: tags the file must have."_s),
             texts(u"related-to"_s, u"Mode A: DEC ids the file's related_to must list."_s),
             texts(u"keywords"_s, u"Mode B: 1 to 3 keywords."_s).asPositional().atMost(3),
             text(u"decision"_s, u"Mode C: one DEC id, e.g. DEC-42."_s).asPositional(),
         }},
        {u"show"_s,
         {
             text(u"ref"_s, u"A case (tenant/system/request), a proposal id (PR-1) or an "
                            "article ref (EXP-1, DEC-4)."_s)
                 .asPositional()
                 .isRequired(),
         }},
        {u"verdict"_s,
         {
             number(u"memory_use_id"_s, u"The memory_use_id a query returned."_s)
                 .asPositional()
                 .isRequired(),
             text(u"ref"_s, u"The candidate's ref."_s).asPositional().isRequired(),
             number(u"revision"_s, u"The candidate's revision."_s).isRequired(),
             text(u"verdict"_s, u"Whether it applied to the case."_s)
                 .isRequired()
                 .oneOf(Verdicts::values()),
             text(u"reason"_s, u"Why."_s).isRequired(),
         }},
    };
    return table;
}

const Tool *toolNamed(const QString &name)
{
    for (const Tool &tool : tools())
        if (tool.name == name)
            return &tool;
    return nullptr;
}

QJsonObject schemaOf(const Property &property)
{
    QJsonObject schema{{u"description"_s, property.description}};
    switch (property.type) {
    case Property::String:
        schema[u"type"_s] = u"string"_s;
        schema[u"minLength"_s] = 1;
        break;
    case Property::Integer:
        schema[u"type"_s] = u"integer"_s;
        schema[u"minimum"_s] = 1;
        break;
    case Property::Strings:
        schema[u"type"_s] = u"array"_s;
        schema[u"items"_s] = QJsonObject{{u"type"_s, u"string"_s}, {u"minLength"_s, 1}};
        schema[u"minItems"_s] = 1;
        if (property.maxItems > 0)
            schema[u"maxItems"_s] = property.maxItems;
        break;
    }
    if (!property.allowed.isEmpty())
        schema[u"enum"_s] = QJsonArray::fromStringList(property.allowed);
    return schema;
}

QJsonObject inputSchema(const Tool &tool)
{
    QJsonObject properties;
    QJsonArray required;
    for (const Property &property : tool.properties) {
        properties[property.name] = schemaOf(property);
        if (property.required)
            required.append(property.name);
    }
    QJsonObject schema{{u"type"_s, u"object"_s},
                       {u"properties"_s, properties},
                       {u"additionalProperties"_s, false}};
    if (!required.isEmpty())
        schema[u"required"_s] = required;
    return schema;
}

QString typeName(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"a boolean"_s;
    case QJsonValue::Double:
        return u"a number"_s;
    case QJsonValue::String:
        return u"a string"_s;
    case QJsonValue::Array:
        return u"an array"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"nothing"_s;
}

// The values a property stands for on the command line, or why it cannot.
Result<QStringList> valuesOf(const Property &property, const QJsonValue &value)
{
    const QString where = u"'%1'"_s.arg(property.name);
    switch (property.type) {
    case Property::String:
        if (!value.isString())
            return fail(u"%1 must be a string, not %2"_s.arg(where, typeName(value)));
        return QStringList{value.toString()};
    case Property::Integer: {
        const double number = value.toDouble();
        // Whole numbers a double holds exactly; the command checks the range.
        if (!value.isDouble() || number != std::floor(number) || std::fabs(number) > 9.0e15)
            return fail(u"%1 must be a whole number, not %2"_s.arg(
                where, value.isDouble() ? QString::number(number) : typeName(value)));
        return QStringList{QString::number(qint64(number))};
    }
    case Property::Strings: {
        if (!value.isArray())
            return fail(u"%1 must be an array of strings, not %2"_s.arg(where, typeName(value)));
        QStringList values;
        for (const QJsonValue &item : value.toArray()) {
            if (!item.isString())
                return fail(u"%1 must hold strings only, not %2"_s.arg(where, typeName(item)));
            values.append(item.toString());
        }
        if (property.maxItems > 0 && values.size() > property.maxItems)
            return fail(u"%1 takes at most %2 items, got %3"_s.arg(where)
                            .arg(property.maxItems)
                            .arg(values.size()));
        return values;
    }
    }
    return QStringList{};
}

} // namespace

McpTools::McpTools(CliContext &context)
    : m_context(context)
    , m_commands(allCommands())
{
}

McpTools::~McpTools() = default;

QJsonArray McpTools::list() const
{
    QJsonArray list;
    for (const Tool &tool : tools()) {
        for (const auto &command : m_commands) {
            if (command->name() != tool.name)
                continue;
            list.append(QJsonObject{{u"name"_s, tool.name},
                                    {u"title"_s, command->summary()},
                                    {u"description"_s, command->description()},
                                    {u"inputSchema"_s, inputSchema(tool)}});
        }
    }
    return list;
}

bool McpTools::has(const QString &name) const
{
    return toolNamed(name) != nullptr;
}

Result<QStringList> McpTools::commandLine(const QString &name, const QJsonObject &arguments)
{
    const Tool *tool = toolNamed(name);
    if (!tool)
        return fail(u"no tool named '%1'"_s.arg(name));
    QStringList line{name};
    QStringList positional;
    QStringList known;
    for (const Property &property : tool->properties) {
        known.append(property.name);
        const QJsonValue value = arguments.value(property.name);
        if (value.isUndefined()) {
            if (property.required)
                return fail(u"%1: '%2' is required"_s.arg(name, property.name));
            continue;
        }
        auto values = valuesOf(property, value);
        if (!values)
            return fail(name + u": "_s + values.error());
        if (!property.allowed.isEmpty() && !property.allowed.contains(values->value(0)))
            return fail(u"%1: '%2' must be one of %3, not '%4'"_s.arg(
                name, property.name, property.allowed.join(u", "_s), values->value(0)));
        for (const QString &one : std::as_const(*values)) {
            if (property.positional)
                positional.append(one);
            else
                line.append(u"--"_s + property.name + u'=' + one);
        }
    }
    for (auto it = arguments.constBegin(); it != arguments.constEnd(); ++it) {
        if (!known.contains(it.key()))
            return fail(
                u"%1: no argument '%2'; it takes %3"_s.arg(name, it.key(), known.join(u", "_s)));
    }
    // After "--" every word is positional, whatever it looks like.
    if (!positional.isEmpty())
        line << u"--"_s << positional;
    return line;
}

McpTools::Answer McpTools::call(const QString &name, const QJsonObject &arguments)
{
    m_context.setCommandName(name);
    auto line = commandLine(name, arguments);
    if (!line) {
        const int exit = m_context.usage(line.error());
        return {m_context.takeAnswer(), exit != ExitOk};
    }
    return run(*line);
}

McpTools::Answer McpTools::run(const QStringList &line)
{
    const CommandLine parsed =
        CommandLine::parse(QStringList{u"curation-cli"_s} + line, m_commands);
    int exit = ExitOk;
    if (!parsed.error.isEmpty())
        exit = m_context.usage(parsed.error);
    else if (const QString error = emptyOptionError(*parsed.command, *parsed.parser);
             !error.isEmpty())
        exit = m_context.usage(error);
    else
        exit = parsed.command->run(m_context, *parsed.parser);
    return {m_context.takeAnswer(), exit != ExitOk};
}

} // namespace cw::cli
