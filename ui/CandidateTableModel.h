#pragma once

#include "Retrieval.h"

#include <QAbstractTableModel>

namespace cw {

// The ranked candidates of one retrieval, in the engine's order (rank 1 first).
// Read-only: the engine decided the order; sorting would hide it.
class CandidateTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        Rank,
        Ref,
        Kind,
        Status,
        Proof,
        Flags,
        Score,
        Reason,
        Tokens,
        ColumnCount
    };

    // The Flags column's flags as a QStringList (FlagDelegate draws them).
    static constexpr int FlagsRole = Qt::UserRole + 1;

    explicit CandidateTableModel(QObject *parent = nullptr);

    void setCandidates(const QList<Candidate> &candidates);
    const Candidate *candidateAt(int row) const;
    // The row of ref@revision, or -1.
    int rowOf(const QString &ref, int revision) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const Candidate &candidate, int row, int column) const;

    QList<Candidate> m_candidates;
};

} // namespace cw
