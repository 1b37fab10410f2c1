#include "BackgroundRead.h"

#include "Database.h"

#include <exception>

namespace cw {

BackgroundRead::BackgroundRead(const QString &name, QString databasePath, QObject *parent)
    : QObject(parent)
    , m_path(std::move(databasePath))
    , m_context(new QObject)
{
    m_thread.setObjectName(name);
    m_context->moveToThread(&m_thread);
    // The connection closes on the thread that used it.
    connect(
        &m_thread, &QThread::finished, m_context, [this] { m_db.reset(); }, Qt::DirectConnection);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

BackgroundRead::~BackgroundRead()
{
    // A running read sees a newer generation and is interrupted; queued ones return at once.
    m_latest->fetch_add(1);
    m_thread.quit();
    m_thread.wait();
}

void BackgroundRead::submit(Work work)
{
    const quint64 generation = m_latest->fetch_add(1) + 1;
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    QMetaObject::invokeMethod(
        m_context, [this, generation, work = std::move(work)] { run(generation, work); },
        Qt::QueuedConnection);
}

void BackgroundRead::cancel()
{
    m_latest->fetch_add(1);
}

void BackgroundRead::run(quint64 generation, const Work &work)
{
    Delivery delivery;
    QString error;
    if (!isStale(generation)) {
        if (!m_db) {
            auto opened = Database::open(m_path, Database::Mode::ReadOnly);
            if (opened) {
                m_db = std::move(*opened);
                // Asked on this thread while a statement runs.
                m_db->setInterruptCheck([this] { return isStale(m_running); });
            } else {
                error = opened.error();
            }
        }
        if (m_db) {
            m_running = generation;
            // The model returns results; this catch only keeps a bug from
            // ending the process from a thread.
            try {
                delivery = work(*m_db);
            } catch (const std::exception &e) {
                error = QString::fromUtf8(e.what());
            }
        }
    }
    // `this` outlives the posted call: the destructor waits for this thread,
    // and a call posted to a destroyed object is discarded.
    QMetaObject::invokeMethod(
        this, [this, generation, delivery, error] { settle(generation, delivery, error); },
        Qt::QueuedConnection);
}

void BackgroundRead::settle(quint64 generation, const Delivery &delivery, const QString &error)
{
    if (!isStale(generation)) {
        if (!error.isEmpty())
            Q_EMIT failed(error);
        else if (delivery)
            delivery();
    }
    if (--m_pending == 0)
        Q_EMIT busyChanged(false);
}

} // namespace cw
