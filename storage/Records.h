#pragma once

// Every value record of storage, one header per aggregate. Include the one a
// file needs; this umbrella is for files that use many. All of them are
// plain values, QtCore only, and public: storage, model and front ends.
#include "ArticleRecords.h"
#include "AuditRecords.h"
#include "CaseRecords.h"
#include "IdentityRecords.h"
#include "MemoryUseRecords.h"
#include "OutboxRecords.h"
#include "ProposalRecords.h"
#include "ReviewRecords.h"
