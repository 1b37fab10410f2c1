#pragma once

#include "Retrieval.h"

#include <QJsonObject>

namespace cw::inline retrieval::RetrievalJson {

// Exactly the `query --json` answer of INTERFACES.md §5.
QJsonObject result(const RetrievalResult &result);
QJsonObject candidate(const Candidate &candidate);
QJsonObject request(const RetrievalRequest &request);

} // namespace cw::inline retrieval::RetrievalJson
