#include "VolumeGenerator.h"

#include "Clock.h"
#include "Database.h"
#include "Ingest.h"
#include "Transaction.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>

#include <cmath>

namespace cw::inline demo {

namespace {

using namespace Qt::StringLiterals;

constexpr int BatchRecords = 50000;
const QStringList generatedTenants = {u"studio"_s, u"northwind"_s, u"harbor"_s, u"alpine"_s};

const QStringList objects = {u"register"_s,    u"renewal"_s, u"statement"_s, u"invoice"_s,
                             u"endorsement"_s, u"premium"_s, u"template"_s,  u"claim"_s,
                             u"tariff"_s,      u"import"_s,  u"policy"_s,    u"payment"_s};
const QStringList symptoms = {u"missing"_s, u"duplicated"_s, u"stale"_s,     u"wrong"_s,
                              u"delayed"_s, u"rejected"_s,   u"truncated"_s, u"unbalanced"_s};
const QStringList words = {
    u"period"_s,    u"close"_s,      u"lock"_s,       u"retry"_s,     u"batch"_s,    u"job"_s,
    u"schedule"_s,  u"family"_s,     u"member"_s,     u"broker"_s,    u"feed"_s,     u"parser"_s,
    u"numeric"_s,   u"format"_s,     u"letterhead"_s, u"document"_s,  u"printing"_s, u"owner"_s,
    u"migration"_s, u"backup"_s,     u"restore"_s,    u"reconcile"_s, u"ledger"_s,   u"posting"_s,
    u"service"_s,   u"selector"_s,   u"factor"_s,     u"cover"_s,     u"variant"_s,  u"baseline"_s,
    u"release"_s,   u"regression"_s, u"seam"_s,       u"consumer"_s,  u"estimate"_s, u"waiting"_s};
const QStringList routes = {u"data-investigation"_s, u"configuration"_s, u"development"_s,
                            u"effort-assessment"_s};
const QStringList domains = {u"data"_s, u"configuration"_s, u"development"_s, u"assessment"_s};

} // namespace

VolumeGenerator::VolumeGenerator(const Database &db, const Clock &clock, quint32 seed)
    : m_db(db)
    , m_clock(clock)
    , m_random(seed)
{
}

QString VolumeGenerator::pick(const QStringList &list)
{
    return list[qsizetype(m_random() % quint32(list.size()))];
}

// Prose needs a realistic vocabulary: a few thousand words with a Zipf-like
// frequency, so common words are common and most words are rare (as in real
// memory files), not a few dozen words that every document contains.
const QStringList &VolumeGenerator::vocabulary()
{
    static const QStringList list = [] {
        static const char *onsets[] = {"b", "c", "d", "f",  "g",  "l",  "m",  "n",  "p",  "r",
                                       "s", "t", "v", "st", "tr", "pl", "gr", "br", "cl", "sp"};
        static const char *vowels[] = {"a", "e", "i", "o", "u", "ai", "ea", "io"};
        static const char *codas[] = {"", "n", "r", "s", "t", "l", "x", "nd", "rk", "st"};
        QStringList generated = words + objects;
        std::mt19937 random(1234);
        QSet<QString> seen(generated.cbegin(), generated.cend());
        while (generated.size() < 4000) {
            QString word;
            const int syllables = 2 + int(random() % 2);
            for (int s = 0; s < syllables; ++s)
                word += QLatin1String(onsets[random() % 20]) + QLatin1String(vowels[random() % 8]);
            word += QLatin1String(codas[random() % 10]);
            if (!seen.contains(word)) {
                seen.insert(word);
                generated.append(word);
            }
        }
        return generated;
    }();
    return list;
}

QString VolumeGenerator::sentence(int count)
{
    const QStringList &vocabulary = this->vocabulary();
    // Zipf-like: index = floor(n^u) - 1 for uniform u in [0, 1).
    std::uniform_real_distribution<double> uniform(0.0, 1.0);
    QString text;
    for (int i = 0; i < count; ++i) {
        if (i)
            text += u' ';
        if (i % 4 == 0) {
            text += pick(objects);
            continue;
        }
        const double u = uniform(m_random);
        const auto index = qsizetype(std::pow(double(vocabulary.size()), u)) - 1;
        text += vocabulary[qBound<qsizetype>(0, index, vocabulary.size() - 1)];
    }
    return text;
}

QString VolumeGenerator::tenantFor(int index) const
{
    return generatedTenants[index % generatedTenants.size()];
}

QString VolumeGenerator::caseRef(const QString &tenant, int index)
{
    return tenant + u"/servicedesk/GEN-"_s + QString::number(index);
}

Result<qint64> VolumeGenerator::generate(int cases, const Progress &progress)
{
    Ingest ingest(m_db, m_clock, u"demo-volume"_s);
    const qint64 total = qint64(cases) + cases / 10 + cases / 20;
    qint64 done = 0;
    int next = 0;
    while (next < cases) {
        Transaction transaction(m_db);
        if (!transaction.isActive())
            return fail(transaction.beginError());
        if (next == 0) {
            for (const QString &tenant : generatedTenants) {
                const QJsonObject record{
                    {u"type"_s, u"tenant"_s},
                    {u"id"_s, tenant},
                    {u"name"_s, QString(tenant.left(1).toUpper() + tenant.mid(1))}};
                if (auto applied = ingest.apply(record); !applied)
                    return fail(applied.error());
            }
        }
        const qint64 batchStart = m_records;
        for (; next < cases && m_records - batchStart < BatchRecords; ++next, ++done) {
            if (auto made = generateCase(ingest, next); !made)
                return fail(QStringLiteral("case %1: %2").arg(next).arg(made.error()));
            if (next % 10 == 0) {
                if (auto made = generateArticle(ingest, next / 10); !made)
                    return fail(QStringLiteral("article %1: %2").arg(next / 10).arg(made.error()));
                ++done;
            }
            if (next % 20 == 0) {
                if (auto made = generateProposal(ingest, next); !made)
                    return fail(QStringLiteral("proposal %1: %2").arg(next).arg(made.error()));
                ++done;
            }
        }
        if (auto committed = transaction.commit(); !committed)
            return fail(committed.error());
        if (progress)
            progress(done, total);
    }
    return m_records;
}

Status VolumeGenerator::generateCase(Ingest &ingest, int index)
{
    const QString tenant = tenantFor(index);
    const QString request = u"GEN-"_s + QString::number(index);
    const QString object = pick(objects);
    const QString symptom = QString(pick(symptoms) + u'-' + object);
    const QDateTime received =
        QDateTime(QDate(2024, 1, 1), QTime(8, 0), QTimeZone::utc()).addSecs(qint64(index) * 37);
    QJsonObject arrival{
        {u"type"_s, u"arrival"_s},
        {u"tenant"_s, tenant},
        {u"source_system"_s, u"servicedesk"_s},
        {u"source_request"_s, request},
        {u"source_revision"_s, u"1"_s},
        {u"delivery_id"_s, QString(u"g-"_s + QString::number(index))},
        {u"received_at"_s, Clock::format(received)},
        {u"title"_s, QString(symptom + u" for "_s + object + u' ' + QString::number(index % 997))},
        {u"object"_s, QString(object + u'/' + QString::number(index % 5003))},
        {u"request_type"_s, pick(routes)},
        {u"symptom_tags"_s, QJsonArray{symptom}},
        {u"product"_s, u"lifeline"_s},
        {u"product_version"_s, index % 3 ? u"4.2"_s : u"5.1"_s},
        {u"body"_s, sentence(24)}};
    if (auto applied = ingest.apply(arrival); !applied)
        return applied;
    ++m_records;
    if (index % 5 == 0) {
        arrival[u"delivery_id"_s] = QString(u"g-"_s + QString::number(index) + u"-retry"_s);
        arrival[u"received_at"_s] = Clock::format(received.addSecs(240));
        if (auto applied = ingest.apply(arrival); !applied)
            return applied;
        ++m_records;
    }
    const QString ref = caseRef(tenant, index);
    if (index % 5 != 4) {
        static const QStringList types = {u"sql"_s, u"json"_s, u"yaml"_s, u"log"_s};
        const QJsonObject proof{{u"type"_s, u"proof"_s},
                                {u"case"_s, ref},
                                {u"id"_s, u"P-1"_s},
                                {u"kind"_s, u"execution"_s},
                                {u"title"_s, QString(u"Repair "_s + object)},
                                {u"content_type"_s, types[index % types.size()]},
                                {u"content"_s, sentence(16)},
                                {u"result"_s, index % 8 ? u"verified"_s : u"unverified"_s},
                                {u"captured_at"_s, Clock::format(received.addSecs(86400))}};
        if (auto applied = ingest.apply(proof); !applied)
            return applied;
        ++m_records;
    }
    if (index % 5 < 3) {
        static const QStringList statuses = {u"completed"_s, u"waiting"_s, u"completed"_s};
        const QJsonObject update{{u"type"_s, u"case_update"_s},
                                 {u"case"_s, ref},
                                 {u"status"_s, statuses[index % 5]},
                                 {u"route"_s, pick(routes)},
                                 {u"owner"_s, pick(domains)},
                                 {u"disposition"_s, u"repaired"_s},
                                 {u"at"_s, Clock::format(received.addSecs(2 * 86400))}};
        if (auto applied = ingest.apply(update); !applied)
            return applied;
        ++m_records;
    }
    return {};
}

Status VolumeGenerator::generateArticle(Ingest &ingest, int index)
{
    // Three revisions: the first two end up superseded by the next.
    const QString domain = domains[index % domains.size()];
    const QString subject = pick(objects);
    for (int revision = 1; revision <= 3; ++revision) {
        const QJsonObject article{
            {u"type"_s, u"article"_s},
            {u"ref"_s, QString(u"GEN-KB-"_s + QString::number(index))},
            // Ingest publishes domain articles and skills; experience comes
            // only through review (the generated proposals).
            {u"kind"_s, index % 3 ? u"domain-article"_s : u"skill"_s},
            {u"domain"_s, domain},
            {u"owner"_s, domain == u"data"_s ? u"dora"_s : u"owen"_s},
            {u"title"_s, QString(subject + u' ' + sentence(5))},
            {u"body"_s, sentence(60)},
            {u"status"_s, u"active"_s},
            {u"tags"_s, QJsonArray{subject, pick(words)}},
            {u"related_to"_s, index > 0
                                  ? QJsonArray{QString(u"GEN-KB-"_s + QString::number(index - 1))}
                                  : QJsonArray{}},
            {u"product_scope"_s,
             QJsonObject{{u"product"_s, u"lifeline"_s},
                         {u"versions"_s, revision < 3 ? u">=4.0 <5.0"_s : u">=4.0"_s}}}};
        if (auto applied = ingest.apply(article); !applied)
            return applied;
        ++m_records;
    }
    return {};
}

Status VolumeGenerator::generateProposal(Ingest &ingest, int index)
{
    const QString tenant = tenantFor(index);
    const bool hasProof = index % 5 != 4;
    static const QStringList levels = {u"verified"_s, u"executed"_s, u"proposed"_s};
    const QJsonObject proposal{
        {u"type"_s, u"proposal"_s},
        {u"id"_s, QString(u"GEN-PR-"_s + QString::number(index))},
        {u"case"_s, caseRef(tenant, index)},
        {u"kind"_s, u"experience"_s},
        {u"domain"_s, domains[index % domains.size()]},
        {u"title"_s, sentence(7)},
        {u"synopsis"_s, sentence(20)},
        {u"route"_s, pick(routes)},
        {u"mechanism"_s, sentence(12)},
        {u"method"_s, sentence(12)},
        {u"outcome"_s, sentence(8)},
        {u"proof_level"_s, hasProof ? levels[(index / 20) % 3] : u"proposed"_s},
        {u"proof_refs"_s, hasProof ? QJsonArray{u"P-1"_s} : QJsonArray{}},
        {u"limits"_s, sentence(6)},
        {u"product_scope"_s,
         QJsonObject{{u"product"_s, u"lifeline"_s}, {u"versions"_s, u">=4.0"_s}}},
        {u"tags"_s, QJsonArray{pick(objects)}},
        {u"symptom_tags"_s, QJsonArray{QString(pick(symptoms) + u'-' + pick(objects))}},
        {u"related_to"_s, QJsonArray{}},
        {u"effort"_s, QJsonObject{{u"active_hours"_s, double(index % 40) / 2.0},
                                  {u"waiting_hours"_s, double(index % 96)}}},
        {u"proposed_by"_s, u"agent-data"_s},
        {u"proposed_at"_s, Clock::format(QDateTime(QDate(2024, 1, 1), QTime(8, 0), QTimeZone::utc())
                                             .addSecs(qint64(index) * 37 + 3 * 86400))}};
    if (auto applied = ingest.apply(proposal); !applied)
        return applied;
    ++m_records;
    return {};
}

} // namespace cw::inline demo
