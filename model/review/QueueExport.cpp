#include "QueueExport.h"

#include "ArticleStore.h"
#include "CaseStore.h"
#include "Database.h"
#include "JsonFormat.h"
#include "ProposalStore.h"

#include <QIODevice>
#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline review {

using namespace Qt::StringLiterals;

namespace {

constexpr int PageSize = 1000;

QStringList csvValues(const ProposalSummary &s)
{
    return {s.id,
            s.status,
            s.proposedAt,
            s.proposedBy,
            s.articleRef,
            QString::number(s.revision),
            s.kind,
            s.domain,
            s.title,
            s.proofLevel,
            s.caseKey,
            s.revisionState,
            s.caseRedacted ? u"true"_s : u"false"_s};
}

const QStringList &csvHeader()
{
    static const QStringList names{
        u"id"_s,       u"status"_s,         u"proposed_at"_s,  u"proposed_by"_s, u"article"_s,
        u"revision"_s, u"kind"_s,           u"domain"_s,       u"title"_s,       u"proof_level"_s,
        u"case"_s,     u"revision_state"_s, u"case_redacted"_s};
    return names;
}

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonValue orNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

QueueExport::QueueExport(const Database &db, std::optional<Actor> actor, ProposalFilter filter)
    : m_db(db)
    , m_queue(db, std::move(actor))
    , m_filter(std::move(filter))
{
}

std::optional<QueueExport::Format> QueueExport::formatNamed(const QString &name)
{
    if (name == "csv"_L1)
        return Format::Csv;
    if (name == "json"_L1)
        return Format::Json;
    if (name == "jsonl"_L1)
        return Format::JsonLines;
    return std::nullopt;
}

QString QueueExport::csvField(const QString &value)
{
    // RFC 4180: quote when needed, double the quotes. A leading = + - @ is
    // prefixed so spreadsheets show record text as text, never a formula.
    QString text = value;
    if (!text.isEmpty() && u"=+-@"_s.contains(text.front()))
        text.prepend(u'\'');
    if (text.contains(u',') || text.contains(u'"') || text.contains(u'\n') || text.contains(u'\r'))
        return u'"' + QString(text).replace(u'"', u"\"\""_s) + u'"';
    return text;
}

QJsonObject QueueExport::rowJson(const ProposalSummary &p)
{
    return {{u"id"_s, p.id},
            {u"status"_s, p.status},
            {u"article"_s, p.articleRef},
            {u"revision"_s, p.revision},
            {u"revision_state"_s, p.revisionState},
            {u"kind"_s, p.kind},
            {u"domain"_s, p.domain},
            {u"title"_s, p.title},
            {u"proof_level"_s, p.proofLevel},
            {u"case"_s, orNull(p.caseKey)},
            {u"case_redacted"_s, p.caseRedacted},
            {u"proposed_by"_s, p.proposedBy},
            {u"proposed_at"_s, p.proposedAt}};
}

Result<QJsonObject> QueueExport::ingestRecord(const ProposalSummary &row) const
{
    auto proposal = ProposalStore(m_db).find(row.id);
    if (!proposal || !*proposal)
        return fail(proposal ? u"proposal %1 vanished during the export"_s.arg(row.id)
                             : proposal.error());
    ArticleStore articles(m_db);
    auto revision = articles.revision((*proposal)->revisionId);
    if (!revision || !*revision)
        return fail(revision ? u"proposal %1 has no revision"_s.arg(row.id) : revision.error());
    const RevisionRecord &r = **revision;
    QJsonArray proofRefs;
    if (!row.caseRedacted && (*proposal)->caseId) {
        auto proofs = CaseStore(m_db).proofs(*(*proposal)->caseId);
        if (!proofs)
            return fail(proofs.error());
        for (const ProofRecord &proof : *proofs) {
            if ((*proposal)->proofIds.contains(proof.id))
                proofRefs.append(proof.proofId);
        }
    }
    QJsonObject record{
        {u"type"_s, u"proposal"_s},
        {u"id"_s, row.id},
        {u"case"_s, orNull(row.caseKey)},
        {u"kind"_s, row.kind},
        {u"domain"_s, row.domain},
        {u"title"_s, r.title},
        {u"synopsis"_s, r.synopsis},
        {u"route"_s, r.route},
        {u"mechanism"_s, r.mechanism},
        {u"method"_s, r.method},
        {u"outcome"_s, r.outcome},
        {u"proof_level"_s, r.proofLevel},
        {u"proof_refs"_s, proofRefs},
        {u"limits"_s, r.limits},
        {u"product_scope"_s,
         QJsonObject{{u"product"_s, r.product}, {u"versions"_s, r.productVersions}}},
        {u"tags"_s, QJsonArray::fromStringList(r.tags)},
        {u"symptom_tags"_s, QJsonArray::fromStringList(r.symptomTags)},
        {u"related_to"_s, QJsonArray::fromStringList(r.relatedTo)},
        {u"effort"_s, QJsonObject{{u"active_hours"_s, orNull(r.effortActiveHours)},
                                  {u"waiting_hours"_s, orNull(r.effortWaitingHours)}}},
        {u"proposed_by"_s, row.proposedBy},
        {u"proposed_at"_s, row.proposedAt},
        {u"status"_s, row.status}};
    // A proposal that created its article (revision 1) is a new article
    // elsewhere too; a later revision names the article it revises.
    if (row.revision > 1)
        record.insert(u"article"_s, row.articleRef);
    if (row.caseRedacted)
        record.insert(u"case_redacted"_s, true);
    return record;
}

Result<QByteArray> QueueExport::encode(const ProposalSummary &row, Format format) const
{
    switch (format) {
    case Format::Csv: {
        QStringList quoted;
        for (const QString &v : csvValues(row))
            quoted.append(csvField(v));
        return QByteArray(quoted.join(u',').toUtf8() + "\r\n");
    }
    case Format::Json:
        return QJsonDocument(rowJson(row)).toJson(QJsonDocument::Compact);
    case Format::JsonLines: {
        auto record = ingestRecord(row);
        if (!record)
            return fail(record.error());
        return QByteArray(QJsonDocument(*record).toJson(QJsonDocument::Compact) + '\n');
    }
    }
    return QByteArray();
}

Refusable<qint64> QueueExport::write(QIODevice &out, Format format, const Progress &progress)
{
    auto total = m_queue.count(m_filter);
    if (!total)
        return total.refusal();
    if (format == Format::Csv)
        out.write(QByteArray(csvHeader().join(u',').toUtf8() + "\r\n"));
    else if (format == Format::Json)
        out.write("{\"" + QByteArray(JsonFormat::Key.data()) + "\":\"" +
                  QByteArray(JsonFormat::Version.data()) + "\",\"proposals\":[\n");
    qint64 done = 0;
    std::optional<ProposalPageKey> after;
    while (true) {
        auto page = m_queue.page(m_filter, after ? &*after : nullptr, PageSize);
        if (!page)
            return page.refusal();
        for (const ProposalSummary &row : *page) {
            auto bytes = encode(row, format);
            if (!bytes)
                return Refusal::failed(bytes.error());
            if (format == Format::Json && done > 0)
                out.write(",\n");
            out.write(*bytes);
            ++done;
        }
        if (progress && !progress(done, *total))
            return Refusal::failed(u"cancelled"_s);
        if (page->size() < PageSize)
            break;
        after = page->last().pageKey(m_filter.sort);
    }
    if (format == Format::Json)
        out.write("\n]}\n");
    return done;
}

} // namespace cw::inline review
