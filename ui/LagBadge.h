#pragma once

#include <QLabel>

namespace cw {

class Session;

// The status bar's live lag badge: "watermark 57 / head 60 · 3 pending".
// Refreshed whenever the session sees a commit (its data_version poll), so a
// decision or a projector run in another process shows within a second.
class LagBadge : public QLabel
{
    Q_OBJECT

public:
    explicit LagBadge(Session &session, QWidget *parent = nullptr);

    void refresh();

private:
    Session &m_session;
};

} // namespace cw
