#pragma once

#include "LagMonitor.h"

#include <QLabel>

namespace cw {

class BackgroundRunner;
class Session;

// The status bar's live lag badge: "watermark 57 / head 60 · 3 pending".
// Refreshed whenever the session sees a commit (its data_version poll), so a
// decision or a projector run in another process shows within a second. The
// figures are read off the GUI thread: counting what is pending reads every
// pending event, and a large backlog takes a noticeable time.
class LagBadge : public QLabel
{
    Q_OBJECT

public:
    explicit LagBadge(Session &session, QWidget *parent = nullptr);

    void refresh();

private:
    void showReport(const Result<LagReport> &report);

    Session &m_session;
    BackgroundRunner *m_reader = nullptr;
};

} // namespace cw
