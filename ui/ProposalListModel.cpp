#include "ProposalListModel.h"

#include "BackgroundRunner.h"
#include "Database.h"

#include <QFont>
#include <QScopedValueRollback>

namespace cw {

ProposalListModel::ProposalListModel(const Database &db, ActorSource actor, QObject *parent)
    : QAbstractTableModel(parent)
    , m_db(db)
    , m_actor(std::move(actor))
    , m_counter(new BackgroundRunner(QStringLiteral("queueCount"), db.path(), this))
{
    connect(m_counter, &BackgroundRunner::failed, this, &ProposalListModel::setError);
    reload();
}

void ProposalListModel::setFilter(const ProposalFilter &filter)
{
    m_filter = filter;
    reload();
}

void ProposalListModel::setMyTurnOnly(bool only)
{
    m_myTurnOnly = only;
}

void ProposalListModel::reload()
{
    resetRows();
    setTotal(CountUnknown);
    requestCount();
}

void ProposalListModel::resetRows()
{
    beginResetModel();
    m_rows.clear();
    m_waiting.clear();
    m_exhausted = false;
    m_lastError.clear();
    // Listeners of modelReset (views, the model tester) may ask for more
    // rows right away; inserting while the reset is still being announced
    // breaks them. They get their page on the next fetchMore.
    const QScopedValueRollback<bool> resetting(m_fetching, true);
    endResetModel();
}

void ProposalListModel::requestCount()
{
    // Filter and actor are copied: the read runs on the counter's thread.
    m_counter->submit(
        [this, filter = m_filter, mine = m_myTurnOnly, actor = m_actor ? m_actor() : std::nullopt](
            const Database &db) -> BackgroundRunner::Delivery {
            const ReviewQueue queue(db, actor);
            auto total = mine ? queue.myTurnCount(filter) : queue.count(filter);
            return [this, total] {
                if (total)
                    setTotal(*total);
                else
                    setError(total.refusal().message);
            };
        });
}

void ProposalListModel::setTotal(qint64 total)
{
    if (total == m_total)
        return;
    m_total = total;
    Q_EMIT totalCountChanged(total);
}

const ProposalSummary *ProposalListModel::summaryAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows[row] : nullptr;
}

const WaitingFor *ProposalListModel::waitingAt(int row) const
{
    return row >= 0 && row < m_waiting.size() ? &m_waiting[row] : nullptr;
}

Refusable<QList<ProposalSummary>> ProposalListModel::readPage(const ProposalPageKey *after,
                                                              int limit) const
{
    const ReviewQueue q = queue(m_db);
    return m_myTurnOnly ? q.myTurnPage(m_filter, after, limit) : q.page(m_filter, after, limit);
}

QList<WaitingFor> ProposalListModel::waitingFor(const QList<ProposalSummary> &rows) const
{
    const ReviewTurns turns(m_db, m_actor ? m_actor() : std::nullopt);
    QList<WaitingFor> result;
    result.reserve(rows.size());
    for (const ProposalSummary &row : rows) {
        auto waiting = turns.waitingFor(row.id);
        result.append(waiting ? *waiting : WaitingFor{});
    }
    return result;
}

int ProposalListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ProposalListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool ProposalListModel::canFetchMore(const QModelIndex &parent) const
{
    return !parent.isValid() && !m_exhausted && !m_fetching;
}

void ProposalListModel::fetchMore(const QModelIndex &parent)
{
    // Views (and the model tester) may call back into fetchMore from the
    // rowsAboutToBeInserted signal; the page being inserted is not appended
    // yet, so a nested fetch would load it twice.
    if (parent.isValid() || m_exhausted || m_fetching)
        return;
    const QScopedValueRollback<bool> fetching(m_fetching, true);
    const ProposalPageKey after =
        m_rows.isEmpty() ? ProposalPageKey{} : m_rows.last().pageKey(m_filter.sort);
    auto page = readPage(m_rows.isEmpty() ? nullptr : &after, m_pageSize);
    if (!page) {
        m_exhausted = true;
        setError(page.refusal().message);
        return;
    }
    if (page->size() < m_pageSize)
        m_exhausted = true;
    if (page->isEmpty())
        return;
    const QList<WaitingFor> waiting = waitingFor(*page);
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + page->size() - 1));
    m_rows.append(*page);
    m_waiting.append(waiting);
    endInsertRows();
}

std::optional<ProposalSort> ProposalListModel::sortFor(int column)
{
    switch (Column(column)) {
    case Id:
    case ProposedAt:
        // Ids are assigned in proposal order, so (proposed_at, id) serves both.
        return ProposalSort::ByProposedAt;
    case Status:
        return ProposalSort::ByStatus;
    case ProofLevel:
        return ProposalSort::ByProofLevel;
    case Domain:
        return ProposalSort::ByDomain;
    case Title:
        return ProposalSort::ByTitle;
    case Article:
    case Case:
    case Waiting:
    case ColumnCount:
        break;
    }
    return std::nullopt;
}

void ProposalListModel::sort(int column, Qt::SortOrder order)
{
    const auto key = sortFor(column);
    if (!key)
        return;
    const bool descending = order == Qt::DescendingOrder;
    if (*key == m_filter.sort && descending == m_filter.descending)
        return;
    m_filter.sort = *key;
    m_filter.descending = descending;
    reload();
}

int ProposalListModel::rowOf(const QString &proposalId) const
{
    for (int row = 0; row < m_rows.size(); ++row) {
        if (m_rows[row].id == proposalId)
            return row;
    }
    return -1;
}

void ProposalListModel::refreshLoaded()
{
    if (m_rows.isEmpty()) {
        resetRows();
        requestCount();
        return;
    }
    // The total may have moved too; the old one shows until the recount arrives.
    requestCount();
    // One page as long as what is loaded, from the start: bounded by what
    // the view already holds, never the whole table. One row more says
    // whether something new now follows the last loaded row.
    auto page = readPage(nullptr, int(m_rows.size()) + 1);
    if (!page) {
        setError(page.refusal().message);
        return;
    }
    const bool moreFollow = page->size() > m_rows.size();
    if (moreFollow)
        page.value().removeLast();
    bool sameRows = page->size() == m_rows.size();
    for (int row = 0; sameRows && row < m_rows.size(); ++row)
        sameRows = (*page)[row].id == m_rows[row].id;
    if (!sameRows) {
        resetRows();
        return;
    }
    // Whose turn it is moves with approvals that change no column of the row.
    const QList<WaitingFor> waiting = waitingFor(*page);
    for (int row = 0; row < m_rows.size(); ++row) {
        const ProposalSummary &fresh = (*page)[row];
        const ProposalSummary &old = m_rows[row];
        if (fresh.status == old.status && fresh.revisionState == old.revisionState &&
            fresh.title == old.title && fresh.proofLevel == old.proofLevel &&
            fresh.caseKey == old.caseKey && waiting[row] == m_waiting[row])
            continue;
        m_rows[row] = fresh;
        m_waiting[row] = waiting[row];
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    // Everything was loaded and a row arrived after the end: append it
    // rather than wait for a scroll that a short queue never gets.
    if (moreFollow && m_exhausted) {
        m_exhausted = false;
        fetchMore({});
    }
}

ReviewQueue ProposalListModel::queue(const Database &db) const
{
    return ReviewQueue(db, m_actor ? m_actor() : std::nullopt);
}

void ProposalListModel::setError(const QString &message)
{
    m_lastError = message;
    Q_EMIT loadFailed(message);
}

QString ProposalListModel::caseText(const ProposalSummary &s) const
{
    if (s.caseRedacted)
        return tr("(redacted)");
    return s.caseKey.isEmpty() ? QStringLiteral("—") : s.caseKey;
}

// The stored vocabulary of the Status and Proof columns, named here so that
// lupdate finds it; shown through tr(), so English is the stored word itself.
[[maybe_unused]] constexpr const char *StoredWords[] = {
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "pending"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "returned"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "approved"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "published"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "rejected"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "withdrawn"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "verified"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "executed"),
    QT_TRANSLATE_NOOP("cw::ProposalListModel", "proposed"),
};

QVariant ProposalListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ProposalSummary &s = m_rows[index.row()];
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (Column(index.column())) {
        case Id:
            return s.id;
        case Status:
            return tr(s.status.toUtf8().constData());
        case ProofLevel:
            return tr(s.proofLevel.toUtf8().constData());
        case Domain:
            return s.domain;
        case Article:
            return tr("%1 r%2").arg(s.articleRef).arg(s.revision);
        case Case:
            return caseText(s);
        case Title:
            return s.title;
        case ProposedAt:
            // Minutes are enough in the list; the tooltip shows the full time.
            return role == Qt::ToolTipRole ? s.proposedAt
                                           : QString(s.proposedAt.left(16)).replace(u'T', u' ');
        case Waiting:
            return role == Qt::ToolTipRole ? m_waiting[index.row()].detail()
                                           : m_waiting[index.row()].text();
        case ColumnCount:
            break;
        }
    }
    if (role == Qt::UserRole)
        return s.id;
    if (role == Qt::FontRole && index.column() == Id) {
        QFont font;
        font.setFamily(QStringLiteral("monospace"));
        return font;
    }
    if (role == Qt::FontRole && index.column() == Waiting && m_waiting[index.row()].you) {
        QFont font;
        font.setBold(true);
        return font;
    }
    return {};
}

QVariant ProposalListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Id:
        return tr("Proposal");
    case Status:
        return tr("Status");
    case ProofLevel:
        return tr("Proof");
    case Domain:
        return tr("Domain");
    case Article:
        return tr("Article");
    case Case:
        return tr("Source case");
    case Title:
        return tr("Title");
    case ProposedAt:
        return tr("Proposed");
    case Waiting:
        return tr("Waiting for");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace cw
