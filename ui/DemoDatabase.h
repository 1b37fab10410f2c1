#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>

class QWidget;

namespace cw {

// File › Create Demo Database: the demo is `curation-cli demo`'s, run as a
// process into a new file (the workbench never links the demo builder,
// docs/architecture.md), behind a busy dialog with Cancel. The demo makes
// the OS login its admin, so the new file opens ready to review.
class DemoDatabase
{
    Q_DECLARE_TR_FUNCTIONS(cw::DemoDatabase)

public:
    // done(ok, message): message is the CLI's refusal (or why it did not run)
    // when !ok; empty after Cancel, which also removes the half-made file.
    using Finished = std::function<void(bool ok, const QString &message)>;

    static void create(QWidget *parent, const QString &path, Finished done);

    // curation-cli beside the workbench, else on PATH; empty when there is none.
    static QString cliProgram();
    // Test seam: use this program instead (empty: look for it again).
    static void setCliProgram(const QString &program);
};
} // namespace cw
