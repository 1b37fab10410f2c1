#pragma once

#include "Retrieval.h"

#include <QJsonObject>

namespace cw::RetrievalJson {

// Exactly the `query --json` answer of INTERFACES.md §5.
QJsonObject result(const RetrievalResult &result);
QJsonObject candidate(const Candidate &candidate);
QJsonObject request(const RetrievalRequest &request);

} // namespace cw::RetrievalJson
