#include "OwnedArticles.h"

#include "Database.h"
#include "MemoryUseStore.h"
#include "VersionScope.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cw::inline review {

OwnedArticles::OwnedArticles(const Database &db, QDateTime now)
    : m_db(db)
    , m_now(std::move(now))
{
}

Result<QList<OwnedArticle>> OwnedArticles::inDomains(const QStringList &domains)
{
    // The domains travel as one bound JSON array, so the SQL stays constant.
    Statement s = m_db.prepare(
        "SELECT a.ref, a.kind, a.domain, r.title, r.revision, r.version, "
        "coalesce(r.product, ''), coalesce(r.product_versions, ''), "
        "coalesce((SELECT max(pr.captured_at) FROM proof_records pr "
        "          WHERE pr.case_id = r.source_case_id AND pr.result = 'verified'), "
        "         r.valid_from, r.created_at), "
        "(SELECT group_concat(detail, '; ') FROM revision_source_changes c "
        " WHERE c.revision_id = r.id AND c.cleared_at IS NULL) "
        "FROM articles a JOIN revisions r ON r.article_id = a.id AND r.state = 'active' "
        "WHERE a.domain IN (SELECT value FROM json_each(?1)) ORDER BY a.domain, a.ref");
    s.bind(1,
           QString::fromUtf8(
               QJsonDocument(QJsonArray::fromStringList(domains)).toJson(QJsonDocument::Compact)));
    QList<OwnedArticle> articles;
    while (true) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        OwnedArticle a;
        a.ref = s.text(0);
        a.kind = s.text(1);
        a.domain = s.text(2);
        a.title = s.text(3);
        a.revision = s.integer(4);
        a.version = s.integer(5);
        a.product = s.text(6);
        a.productVersions = s.text(7);
        a.lastVerified = s.text(8);
        a.sourceChanges = s.text(9);
        articles.append(a);
    }
    MemoryUseStore uses(m_db);
    for (OwnedArticle &a : articles) {
        auto returned = uses.timesReturned(a.ref);
        if (!returned)
            return fail(returned.error());
        a.timesReturned = *returned;
        if (!a.product.isEmpty()) {
            auto latest = latestVersionOf(a.product);
            if (!latest)
                return fail(latest.error());
            a.latestProductVersion = *latest;
        }
        judge(a);
    }
    return articles;
}

Result<QString> OwnedArticles::latestVersionOf(const QString &product)
{
    if (const auto known = m_latestByProduct.constFind(product); known != m_latestByProduct.cend())
        return *known;
    Statement s = m_db.prepare("SELECT DISTINCT product_version FROM cases "
                               "WHERE product = ?1 AND product_version IS NOT NULL");
    s.bind(1, product);
    QString latest;
    std::optional<QList<int>> latestParts;
    while (true) {
        auto row = s.step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const QString text = s.text(0);
        const auto parts = VersionScope::parseVersion(text);
        if (parts && (!latestParts || VersionScope::compare(*parts, *latestParts) > 0)) {
            latestParts = parts;
            latest = text;
        }
    }
    m_latestByProduct.insert(product, latest);
    return latest;
}

void OwnedArticles::judge(OwnedArticle &a) const
{
    QStringList why;
    if (!a.sourceChanges.isEmpty())
        why.append(QStringLiteral("source changed: %1").arg(a.sourceChanges));
    if (!a.productVersions.isEmpty() && !a.latestProductVersion.isEmpty()) {
        const auto verdict = VersionScope::check(a.productVersions, a.latestProductVersion);
        a.scopeCoversLatest = verdict != VersionScope::Verdict::NotCovered &&
                              verdict != VersionScope::Verdict::Unreadable;
        if (verdict == VersionScope::Verdict::Unreadable)
            why.append(QStringLiteral("scope unreadable ('%1')").arg(a.productVersions));
        else if (!a.scopeCoversLatest)
            why.append(QStringLiteral("scope %1 does not cover %2 %3")
                           .arg(a.productVersions, a.product, a.latestProductVersion));
    }
    const QDateTime verified = QDateTime::fromString(a.lastVerified, Qt::ISODate);
    if (!verified.isValid())
        why.append(QStringLiteral("never verified"));
    else if (verified.daysTo(m_now) > StaleAfterDays)
        why.append(QStringLiteral("last verified %1 days ago").arg(verified.daysTo(m_now)));
    a.due = !why.isEmpty();
    a.dueReason = why.join(QStringLiteral("; "));
}

} // namespace cw::inline review
