#include "TestPaths.h"

namespace TestPaths {

QString sourceDir()
{
    return QStringLiteral(CW_SOURCE_DIR);
}

QString source(const char *relative)
{
    return sourceDir() + u'/' + QLatin1StringView(relative);
}

QString cliPath()
{
    return QStringLiteral(CW_CLI_PATH);
}

QString shared(const char *relative)
{
    return QStringLiteral(CW_SHARED_DIR) + u'/' + QLatin1StringView(relative);
}

QString pepCorpusDir()
{
    return QStringLiteral(CW_PEP_CORPUS);
}

} // namespace TestPaths
