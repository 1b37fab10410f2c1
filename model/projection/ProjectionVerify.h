#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <cstdint>

namespace cw {
class Database;
}

namespace cw::inline projection {

struct ProjectionDifference
{
    enum class Kind
    {
        Missing,
        Extra,
        Field,
        Text,     // the FTS row of a live row differs from what a rebuild indexes
        StrayText // FTS rows that belong to no projection row (count in live)
    };
    Kind kind = Kind::Field;
    QString ref;
    QString field; // column (Field) or FTS column (Text)
    QString live;
    QString rebuilt;

    QString kindName() const;
    QString toText() const;
};

struct VerifyReport
{
    std::int64_t watermark = 0;
    std::int64_t canonicalHead = 0;
    qint64 liveRows = 0;
    qint64 rebuiltRows = 0;
    QList<ProjectionDifference> differences;

    bool identical() const { return differences.isEmpty(); }
};

// Whether the live projection is what a rebuild would make of canonical state.
class ProjectionVerify
{
public:
    explicit ProjectionVerify(const Database &db);

    // Builds aside at the live watermark (ProjectionAside) and diffs it with
    // the live projection (every column, and the FTS text). Writes nothing to
    // the database. No column is excluded: every projected field is copied
    // from canonical state or the outbox, so none may legitimately differ.
    // rowid is not a column (rows are keyed on ref) and is not compared.
    Result<VerifyReport> verify();

private:
    Status diffRows(VerifyReport &report);
    Status diffText(VerifyReport &report);
    Status diffWords(VerifyReport &report);

    const Database &m_db;
};

} // namespace cw::inline projection
