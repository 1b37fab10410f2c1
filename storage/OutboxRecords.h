#pragma once

#include <QString>

#include <cstdint>

// The outbox: events committed with the revision change they announce, read
// by the projector in seq order.
// Plain values, QtCore only: public to every layer (storage/, model/, front ends).
namespace cw {

struct OutboxEvent
{
    std::int64_t seq = 0;
    QString at;
    QString event; // revision-activated, revision-superseded, revision-retired, revision-corrected
    QString ref;
    int revision = 0;
    QString domain;
    QString payload = QStringLiteral("{}");
};

} // namespace cw
