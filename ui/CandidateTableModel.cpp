#include "CandidateTableModel.h"

#include "Vocabulary.h"

#include <QFont>

namespace cw {

CandidateTableModel::CandidateTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void CandidateTableModel::setCandidates(const QList<Candidate> &candidates)
{
    beginResetModel();
    m_candidates = candidates;
    endResetModel();
}

const Candidate *CandidateTableModel::candidateAt(int row) const
{
    return row >= 0 && row < m_candidates.size() ? &m_candidates[row] : nullptr;
}

int CandidateTableModel::rowOf(const QString &ref, int revision) const
{
    for (int row = 0; row < m_candidates.size(); ++row) {
        if (m_candidates[row].ref == ref && m_candidates[row].revision == revision)
            return row;
    }
    return -1;
}

int CandidateTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_candidates.size());
}

int CandidateTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CandidateTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Candidate &c = m_candidates[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        return display(c, index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Reason || index.column() == Ref)
            return QString(c.title + u'\n' + c.similarityReason);
        if (index.column() == Flags && !c.flags.isEmpty())
            return c.flags.join(u'\n');
        return {};
    case Qt::AccessibleTextRole:
        // The chips are drawn; a screen reader hears the words.
        if (index.column() == Flags)
            return c.flags.isEmpty() ? tr("no flags")
                                     : tr("flags: %1").arg(c.flags.join(QStringLiteral(", ")));
        return {};
    case FlagsRole:
        return index.column() == Flags ? QVariant(c.flags) : QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() == Rank || index.column() == Score || index.column() == Tokens)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::FontRole:
        // Anything not current stays readable but visibly is not a current fix
        // (italic rather than a colour, so it reads alike in light and dark).
        if (parse<RevisionState>(c.status) != RevisionState::Active) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    default:
        return {};
    }
}

QVariant CandidateTableModel::display(const Candidate &c, int row, int column) const
{
    switch (column) {
    case Rank:
        return row + 1;
    case Ref:
        return QString(c.ref + u'@' + QString::number(c.revision));
    case Kind:
        return c.kind;
    case Status:
        return c.status;
    case Proof:
        return c.proofLevel.isEmpty() ? QStringLiteral("—") : c.proofLevel;
    case Flags:
        return c.flags.join(QStringLiteral(", "));
    case Score:
        return QString::number(c.score, 'f', 2);
    case Reason:
        return c.similarityReason;
    case Tokens:
        return c.tokens;
    default:
        return {};
    }
}

QVariant CandidateTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return {};
    switch (section) {
    case Rank:
        return tr("#");
    case Ref:
        return tr("Ref@rev");
    case Kind:
        return tr("Kind");
    case Status:
        return tr("Status");
    case Proof:
        return tr("Proof");
    case Flags:
        return tr("Flags");
    case Score:
        return tr("Score");
    case Reason:
        return tr("Similarity reason");
    case Tokens:
        return tr("Tokens");
    default:
        return {};
    }
}

} // namespace cw
