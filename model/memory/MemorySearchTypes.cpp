#include "MemorySearchTypes.h"

#include "Statement.h"
#include "Vocabulary.h"

namespace cw::inline memory {

QString relevanceName(MemoryRelevance relevance)
{
    switch (relevance) {
    case MemoryRelevance::FrontmatterMatch:
        return QStringLiteral("frontmatter_match");
    case MemoryRelevance::ContentMatch:
        return QStringLiteral("content_match");
    case MemoryRelevance::RelatedToInbound:
        return QStringLiteral("related_to_inbound");
    case MemoryRelevance::RelatedToOutbound:
        return QStringLiteral("related_to_outbound");
    case MemoryRelevance::DirectMention:
        return QStringLiteral("direct_mention");
    }
    return {};
}

MemorySearchHit MemorySearchHit::fromRow(const Statement &s, MemoryRelevance relevance)
{
    MemorySearchHit hit;
    hit.id = parse<ArticleKind>(s.text(1)) == ArticleKind::Decision ? s.text(0) : QString();
    hit.filePath = s.text(2);
    hit.title = s.text(3);
    hit.status = s.text(4);
    hit.relevance = relevance;
    return hit;
}

QStringList distinctNonEmpty(const QStringList &values)
{
    QStringList out;
    for (const QString &value : values) {
        const QString trimmed = value.trimmed();
        if (!trimmed.isEmpty() && !out.contains(trimmed))
            out.append(trimmed);
    }
    return out;
}

QString MemoryIndexLag::note() const
{
    if (pendingEvents <= 0)
        return {};
    return QStringLiteral("%1 %2 pending: files imported after watermark %3 are not searched yet")
        .arg(pendingEvents)
        .arg(pendingEvents == 1 ? QStringLiteral("event") : QStringLiteral("events"))
        .arg(watermark);
}

bool MemoryFieldQuery::isEmpty() const
{
    return domain.trimmed().isEmpty() && level.trimmed().isEmpty() && status.trimmed().isEmpty() &&
           distinctNonEmpty(tags).isEmpty() && distinctNonEmpty(relatedTo).isEmpty();
}

} // namespace cw::inline memory
