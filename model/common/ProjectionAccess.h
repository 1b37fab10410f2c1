#pragma once

#include "Identity.h"
#include "Result.h"

namespace cw {
class Database;
}

namespace cw::inline common {

// Who may look at and drive the projection. Reading lag is for every
// principal with a role; running the projector or a rebuild is for curators,
// domain owners and admins. A database without principals yet can be
// projected by whoever opened it (bootstrap), as ingest allows.
class ProjectionAccess
{
public:
    static Status mayReadLag(const Database &db, const Actor *actor);
    static Status mayProject(const Database &db, const Actor *actor);
};

} // namespace cw::inline common
