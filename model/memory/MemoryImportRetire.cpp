#include "MemoryImportRetire.h"

#include "Database.h"
#include "Vocabulary.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace cw::inline memory {

using namespace Qt::StringLiterals;

namespace {

QString compactJson(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

struct MemoryImportRetire::Stored
{
    std::int64_t articleId = 0;
    QString ref;
    QString kind;
    QString domain;
    QString sourcePath;
    std::int64_t revisionId = 0; // 0: no published revision
    int revision = 0;
    int version = 0;
    QString state;
};

MemoryImportRetire::MemoryImportRetire(const Database &db, QString principal, QString now)
    : m_principal(std::move(principal))
    , m_now(std::move(now))
    , m_updates(db)
    , m_outbox(db)
    , m_audit(db)
    // Per article the active revision, else the latest published one (the
    // one the projection shows); proposals are review work, not the file.
    , m_missing(db.prepare(
          "SELECT a.id, a.ref, a.kind, a.domain, a.source_path, r.id, r.revision, r.version, "
          "r.state FROM articles a LEFT JOIN revisions r ON r.id = (SELECT id FROM revisions "
          "WHERE article_id = a.id AND state NOT IN ('proposed', 'approved') "
          "ORDER BY state = 'active' DESC, revision DESC LIMIT 1) "
          "WHERE a.source_tree = ?2 AND a.source_path IS NOT NULL "
          "AND a.kind IN ('decision', 'domain-article') "
          "AND a.source_path NOT IN (SELECT value FROM json_each(?1)) ORDER BY a.source_path"))
    , m_clearPath(db.prepare("UPDATE articles SET source_path = NULL WHERE id = ?1"))
{
}

Status MemoryImportRetire::ready() const
{
    for (const Statement *s : {&m_missing, &m_clearPath}) {
        if (!s->isValid())
            return fail(s->prepareError());
    }
    return {};
}

Result<QList<RemovedMemoryFile>> MemoryImportRetire::retireMissing(const QStringList &present,
                                                                   const QString &tree)
{
    // Read them all first: the updates below must not run under the open query.
    QList<Stored> missing;
    m_missing.bindList(1, present);
    m_missing.bind(2, tree);
    auto read = m_missing.forEachRow([&] {
        missing.append(Stored{m_missing.int64(0), m_missing.text(1), m_missing.text(2),
                              m_missing.text(3), m_missing.text(4), m_missing.int64(5),
                              m_missing.integer(6), m_missing.integer(7), m_missing.text(8)});
    });
    m_missing.reset();
    if (!read)
        return fail(read.error());
    QList<RemovedMemoryFile> removed;
    for (const Stored &stored : missing) {
        if (auto done = remove(stored, tree); !done)
            return fail(u"%1 (%2): %3"_s.arg(stored.ref, stored.sourcePath, done.error()));
        removed.append({stored.ref, stored.sourcePath, stored.revision,
                        parse<RevisionState>(stored.state) == RevisionState::Active});
    }
    return removed;
}

Status MemoryImportRetire::remove(const Stored &stored, const QString &tree)
{
    m_clearPath.bind(1, stored.articleId);
    if (auto cleared = m_clearPath.exec(); !cleared)
        return cleared;
    const QString reason = u"%1 was removed from the memory tree %2"_s.arg(stored.sourcePath, tree);
    // details.removed_file marks the removal as the import's own: a later
    // import of the same file brings the article back as current.
    const QJsonObject details{{u"removed_file"_s, stored.sourcePath}, {u"tree"_s, tree}};
    if (parse<RevisionState>(stored.state) == RevisionState::Active) {
        RevisionTransition change;
        change.revisionId = stored.revisionId;
        change.fromVersion = stored.version;
        change.state = name(RevisionState::Retired);
        change.at = m_now;
        change.by = m_principal;
        change.validTo = m_now;
        if (auto changed = m_updates.transition(change); !changed)
            return changed;
        auto seq = event(stored, u"revision-retired"_s);
        if (!seq)
            return fail(seq.error());
        QJsonObject retired = details;
        retired.insert(u"state"_s, name(RevisionState::Retired));
        retired.insert(u"outbox_event"_s, qint64(*seq));
        return audit(stored, u"retire"_s, reason, retired);
    }
    if (stored.revisionId == 0) // nothing published, nothing projected
        return audit(stored, u"import-memory"_s, reason, details);
    // Not current already: the state stays, but the projection must be
    // rewritten without the file, so memory search stops listing it.
    auto seq = event(stored, u"revision-recorded"_s);
    if (!seq)
        return fail(seq.error());
    QJsonObject recorded = details;
    recorded.insert(u"state"_s, stored.state);
    recorded.insert(u"outbox_event"_s, qint64(*seq));
    return audit(stored, u"import-memory"_s,
                 reason +
                     u"; revision %1 was not current (%2)"_s.arg(stored.revision).arg(stored.state),
                 recorded);
}

Result<std::int64_t> MemoryImportRetire::event(const Stored &stored, const QString &name)
{
    const QJsonObject payload{{u"kind"_s, stored.kind},
                              {u"removed_file"_s, stored.sourcePath},
                              {u"reason"_s, u"file removed from the memory tree"_s}};
    return m_outbox.append(OutboxEvent{0, m_now, name, stored.ref, stored.revision, stored.domain,
                                       compactJson(payload)});
}

Status MemoryImportRetire::audit(const Stored &stored, const QString &action, const QString &reason,
                                 QJsonObject details)
{
    AuditRecord record;
    record.at = m_now;
    record.principal = m_principal;
    record.effectivePrincipal = m_principal;
    record.action = action;
    record.subject = stored.ref;
    if (stored.revisionId != 0) {
        record.revision = stored.revision;
        record.fromVersion = stored.version;
        record.toVersion = parse<RevisionState>(stored.state) == RevisionState::Active
                               ? stored.version + 1
                               : stored.version;
    }
    record.reason = reason;
    record.details = compactJson(details);
    if (auto appended = m_audit.append(record); !appended)
        return fail(appended.error());
    return {};
}

} // namespace cw::inline memory
