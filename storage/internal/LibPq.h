#pragma once

// libpq, the PostgreSQL client library, loaded with dlopen when the first
// server connection is made rather than linked. It brings 22 libraries of its
// own (TLS, Kerberos, LDAP, SASL: curation-cli maps 20 without it, 42 with);
// linked, every start of curation-cli mapped and relocated them, which was
// half of a start's time, though most starts
// open a file and never speak to a server. Only PgConnection.cpp and
// PgStatement.cpp call it, through api().

#include "Result.h"

#include <libpq-fe.h>

namespace cw::libpq {

// The functions we call, each by its own name and type (libpq-fe.h's).
#define CW_LIBPQ_FUNCTIONS(X)                                                                      \
    X(PQclear)                                                                                     \
    X(PQcmdTuples)                                                                                 \
    X(PQconnectdbParams)                                                                           \
    X(PQconsumeInput)                                                                              \
    X(PQcancel)                                                                                    \
    X(PQerrorMessage)                                                                              \
    X(PQexec)                                                                                      \
    X(PQexecParams)                                                                                \
    X(PQexecPrepared)                                                                              \
    X(PQfinish)                                                                                    \
    X(PQfreeCancel)                                                                                \
    X(PQfreemem)                                                                                   \
    X(PQftype)                                                                                     \
    X(PQgetCancel)                                                                                 \
    X(PQgetisnull)                                                                                 \
    X(PQgetlength)                                                                                 \
    X(PQgetResult)                                                                                 \
    X(PQgetvalue)                                                                                  \
    X(PQnfields)                                                                                   \
    X(PQnotifies)                                                                                  \
    X(PQntuples)                                                                                   \
    X(PQprepare)                                                                                   \
    X(PQputCopyData)                                                                               \
    X(PQputCopyEnd)                                                                                \
    X(PQresultErrorField)                                                                          \
    X(PQresultStatus)                                                                              \
    X(PQsetNoticeProcessor)                                                                        \
    X(PQsocket)                                                                                    \
    X(PQstatus)                                                                                    \
    X(PQunescapeBytea)

struct Api
{
#define CW_LIBPQ_POINTER(name) decltype(&::name) name = nullptr;
    CW_LIBPQ_FUNCTIONS(CW_LIBPQ_POINTER)
#undef CW_LIBPQ_POINTER
};

// The library's soname: the one Debian's libpq5 installs.
inline constexpr const char *soname = "libpq.so.5";

// Loads the library named fileName and resolves every function, or says why
// it cannot (naming the library and what is missing). Each call loads anew;
// ensureLoaded() keeps the one the program uses.
Result<Api> load(const char *fileName);

// Loads the program's libpq on the first call; the answer (the functions or
// the error) is kept for every later call.
Status ensureLoaded();

// The loaded functions: only after ensureLoaded() succeeded, which any
// PgConnection's existence proves.
const Api &api();

// Whether this process has loaded libpq (a test asks that a file's command
// never does).
bool isLoaded();

} // namespace cw::libpq
