#pragma once

#include "Identity.h"

#include <QString>

namespace cw {

class Database;

// The selected proposal as rich text: the claim beside its evidence. All
// record text is escaped: retrieved text is data, never markup.
namespace ProposalDetails {
QString html(const Database &db, const Actor &actor, const QString &proposalId);
}

} // namespace cw
