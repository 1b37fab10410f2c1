#pragma once

#include "ReviewQueue.h"
#include "ReviewTurns.h"

#include <QAbstractTableModel>

#include <functional>
#include <optional>

namespace cw {

class BackgroundRunner;
class Database;

// The proposal queue as a lazy table: pages are fetched on demand with keyset
// paging on (sort key, proposed_at, id), so scrolling never loads the whole
// table. Sorting by a column changes the key, not the paging. The total is
// counted off the GUI thread (a count reads every matching row), a newer
// filter's count superseding an older one.
class ProposalListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Id,
        Status,
        ProofLevel,
        Domain,
        Article,
        Case,
        Title,
        ProposedAt,
        // Whose turn it is (ReviewTurns): curator, owner of D, you, nobody.
        Waiting,
        ColumnCount
    };

    // Who is looking, asked at every read: the rows and their redaction are
    // the model's ReviewQueue for that principal (none: all redacted).
    using ActorSource = std::function<std::optional<Actor>()>;
    // totalCount() while the filter's count has not arrived yet.
    static constexpr qint64 CountUnknown = -1;

    ProposalListModel(const Database &db, ActorSource actor, QObject *parent = nullptr);

    void setFilter(const ProposalFilter &filter);
    const ProposalFilter &filter() const { return m_filter; }
    // Only the proposals whose turn is the acting principal's; applies from
    // the next setFilter() or reload().
    void setMyTurnOnly(bool only);
    bool myTurnOnly() const { return m_myTurnOnly; }
    void setPageSize(int rows) { m_pageSize = rows; }
    // The total number of proposals matching the filter (not only the loaded
    // ones), or CountUnknown until its count arrives. After a commit the
    // previous total stays until the recount arrives.
    qint64 totalCount() const { return m_total; }
    QString lastError() const { return m_lastError; }
    const ProposalSummary *summaryAt(int row) const;
    const WaitingFor *waitingAt(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    // Id, Status, Proof, Domain, Title and Proposed sort; others keep the order.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    // The sort a column maps to, if any.
    static std::optional<ProposalSort> sortFor(int column);
    // The row of the proposal among the loaded rows, or -1.
    int rowOf(const QString &proposalId) const;

public Q_SLOTS:
    void reload();
    // Re-reads the rows already loaded (after a commit somewhere): rows whose
    // content changed emit dataChanged; only when the set of rows changed
    // does the model reset. Scroll position and selection survive.
    void refreshLoaded();

Q_SIGNALS:
    void loadFailed(const QString &message);
    // A count arrived, or (CountUnknown) a new filter's count began.
    void totalCountChanged(qint64 total);

private:
    void resetRows();
    void requestCount();
    void setTotal(qint64 total);
    QString caseText(const ProposalSummary &summary) const;
    ReviewQueue queue(const Database &db) const;
    Refusable<QList<ProposalSummary>> readPage(const ProposalPageKey *after, int limit) const;
    QList<WaitingFor> waitingFor(const QList<ProposalSummary> &rows) const;
    // A failed read: the message is kept and announced.
    void setError(const QString &message);

    const Database &m_db;
    ActorSource m_actor;
    ProposalFilter m_filter;
    QList<ProposalSummary> m_rows;
    QList<WaitingFor> m_waiting; // one per row
    bool m_myTurnOnly = false;
    BackgroundRunner *m_counter = nullptr;
    qint64 m_total = CountUnknown;
    bool m_exhausted = false;
    bool m_fetching = false;
    int m_pageSize = 200;
    QString m_lastError;
};

} // namespace cw
