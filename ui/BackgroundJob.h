#pragma once

#include "Result.h"

#include <QString>

#include <functional>

class QWidget;

namespace cw {

class Database;

// Long work (imports, exports) off the GUI thread, behind a progress dialog
// with Cancel, on a BackgroundRunner: its own connection to the database
// file, so the GUI's connection is never used from two threads; results come
// back as plain values. progress(done, total) returns false once Cancel was
// pressed.
namespace BackgroundJob {

struct Outcome
{
    bool ok = false;
    QString message;
    bool cancelled = false; // the user pressed Cancel; message is empty
};

using Progress = std::function<bool(qint64 done, qint64 total)>;
using Work = std::function<Result<QString>(const Database &db, const Progress &progress)>;
using Finished = std::function<void(const Outcome &outcome)>;

void start(QWidget *parent, const QString &title, const QString &databasePath, Work work,
           Finished finished);

} // namespace BackgroundJob
} // namespace cw
