#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

// Reviewed experience: an article and its revisions.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct ArticleRecord
{
    std::int64_t id = 0;
    QString ref; // EXP-42, DEC-484, KB-12, ...
    QString kind; // experience, domain-article, skill, decision
    QString domain;
    QString owner;
    QString sourcePath;
    QString createdAt;
    // Memory import: canonical path of the contexts/memory folder. The {}
    // spares aggregate initialisations written before it from naming it.
    QString sourceTree{};
};

struct RevisionRecord
{
    std::int64_t id = 0;
    std::int64_t articleId = 0;
    int revision = 0;
    QString state; // proposed, approved, active, superseded, retired, rejected
    int version = 1;
    QString title;
    QString synopsis;
    QString body;
    QString route;
    QString mechanism;
    QString method;
    QString outcome;
    QString proofLevel; // verified, executed, proposed (or empty)
    QString limits;
    QString product;
    QString productVersions;
    QString level;
    QString sourceStatus;
    std::optional<double> effortActiveHours;
    std::optional<double> effortWaitingHours;
    std::optional<std::int64_t> sourceCaseId;
    // The source case was erased (its link reads "erased"; set by erasure only).
    bool sourceCaseErased = false;
    QString validFrom;
    QString validTo;
    QString createdAt;
    QString updatedAt;
    QString updatedBy;
    QStringList tags;
    QStringList symptomTags;
    QStringList relatedTo;
    QStringList supersedes;
    QStringList supersededBy;
    QStringList mentions;

    bool isCurrent() const { return state == QLatin1String("active"); }
};

} // namespace cw
