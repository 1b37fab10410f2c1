#include "LibPq.h"

#include <QString>

#include <dlfcn.h>

namespace cw::libpq {

using namespace Qt::StringLiterals;

namespace {

QString dlError()
{
    const char *text = dlerror();
    return text ? QString::fromLocal8Bit(text) : u"unknown error"_s;
}

const Result<Api> &loaded()
{
    static const Result<Api> result = load(soname);
    return result;
}

} // namespace

Result<Api> load(const char *fileName)
{
    // Never unloaded: the functions are used until the program ends.
    void *library = dlopen(fileName, RTLD_NOW | RTLD_LOCAL);
    if (!library)
        return fail(u"the PostgreSQL client library %1 cannot be loaded (%2): install it "
                    "(Debian: apt install libpq5) to open a server database"_s.arg(
                        QString::fromLocal8Bit(fileName), dlError()));
    Api api;
    QString missing;
#define CW_LIBPQ_RESOLVE(name)                                                                     \
    api.name = reinterpret_cast<decltype(api.name)>(dlsym(library, #name));                        \
    if (!api.name && missing.isEmpty())                                                            \
        missing = QString::fromLatin1(#name);
    CW_LIBPQ_FUNCTIONS(CW_LIBPQ_RESOLVE)
#undef CW_LIBPQ_RESOLVE
    if (!missing.isEmpty()) {
        dlclose(library);
        return fail(u"the PostgreSQL client library %1 has no function %2: it is older than "
                    "this program needs (PostgreSQL 10 or newer)"_s.arg(
                        QString::fromLocal8Bit(fileName), missing));
    }
    return api;
}

Status ensureLoaded()
{
    if (const Result<Api> &result = loaded(); !result)
        return fail(result.error());
    return {};
}

const Api &api()
{
    const Result<Api> &result = loaded();
    if (!result) {
        // A PgConnection exists only after ensureLoaded() succeeded.
        qFatal("libpq used before it was loaded: %s", qPrintable(result.error()));
    }
    return *result;
}

bool isLoaded()
{
    void *library = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
    if (library)
        dlclose(library); // NOLOAD counted one more reference
    return library != nullptr;
}

} // namespace cw::libpq
