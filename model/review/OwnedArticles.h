#pragma once

#include "Records.h"
#include "Result.h"

#include <QDateTime>
#include <QMap>
#include <QString>

namespace cw {
class Database;
}

namespace cw::inline review {

// One active article in a domain its owner looks after, with what decides
// whether it is due for re-verification.
struct OwnedArticle
{
    QString ref;
    QString kind;
    QString domain;
    QString title;
    int revision = 0;
    int version = 0; // of the active revision: retire is taken on it
    QString product;
    QString productVersions;
    QString latestProductVersion; // the newest version of the product seen in cases
    bool scopeCoversLatest = true;
    QString lastVerified; // latest verified proof of the source case, else valid_from
    qint64 timesReturned = 0;
    QString sourceChanges; // open changes of the source case (re-verify or retire clears them)
    bool due = false;
    QString dueReason; // plain words, empty when not due
};

// The owners' view: active revisions in the given domains, their scope
// against current product versions, when they were last verified, how often
// retrieval returned them, and which are due for re-verification.
class OwnedArticles
{
public:
    // Older than this, an article is due for re-verification.
    static constexpr int StaleAfterDays = 180;

    OwnedArticles(const Database &db, QDateTime now);

    Result<QList<OwnedArticle>> inDomains(const QStringList &domains);

private:
    Result<QString> latestVersionOf(const QString &product);
    void judge(OwnedArticle &article) const;

    const Database &m_db;
    QDateTime m_now;
    QMap<QString, QString> m_latestByProduct;
};

} // namespace cw::inline review
