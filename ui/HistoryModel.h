#pragma once

#include "AuditRecords.h"

#include <QAbstractTableModel>

namespace cw {

// The timeline of a proposal and its article (ReviewHistory::timeline), one
// audit row a line: when, what, on which subject, who (the real principal and
// the one it acted as), on which revision and version, and why.
class HistoryModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        When,
        Action,
        Subject,
        Who,
        ActingAs,
        Version,
        Reason,
        ColumnCount
    };

    explicit HistoryModel(QObject *parent = nullptr);

    void setEntries(const QList<AuditRecord> &entries);
    const QList<AuditRecord> &entries() const { return m_entries; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "r2 v1→v2", "r1 v3", "" without a revision.
    static QString versionText(const AuditRecord &entry);

private:
    QList<AuditRecord> m_entries;
};

} // namespace cw
