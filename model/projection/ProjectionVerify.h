#pragma once

#include "Result.h"

#include <QList>
#include <QString>

#include <cstdint>

namespace cw {
class Database;
class Statement;
} // namespace cw

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
    // On a server (ProjectionVerifyServer.cpp) nothing is built aside: its
    // read-only sessions may not create even temporary tables, so the
    // rebuilt rows are read from one query and the content index's
    // documents compared with what cw_projection_document makes of them.
    Result<VerifyReport> verify();

private:
    // The live watermark and the outbox head, in the snapshot begun.
    Status readMarks(VerifyReport &report) const;
    Status diffRows(VerifyReport &report, Statement &live, Statement &rebuilt);
    Status diffText(VerifyReport &report);
    Status diffWords(VerifyReport &report);
    Result<VerifyReport> verifyOnServer();
    Status diffServerText(VerifyReport &report);
    // A value for a difference: quoted, at most 80 characters.
    static QString shown(const Statement &s, int column, const char *nullText = "NULL");

    const Database &m_db;
};

} // namespace cw::inline projection
