#include "BackgroundRunner.h"

#include <QMutexLocker>

#include <exception>

namespace cw {

BackgroundRunner::BackgroundRunner(const QString &name, QString databasePath, QObject *parent)
    : BackgroundRunner(name, std::move(databasePath), Database::Mode::ReadOnly, parent)
{
}

BackgroundRunner::BackgroundRunner(const QString &name, QString databasePath, Database::Mode mode,
                                   QObject *parent)
    : QObject(parent)
    , m_path(std::move(databasePath))
    , m_mode(mode)
    , m_context(new QObject)
{
    m_thread.setObjectName(name);
    m_context->moveToThread(&m_thread);
    // The connection closes on the thread that used it.
    connect(
        &m_thread, &QThread::finished, m_context,
        [this] {
            QMutexLocker lock(&m_dbLock);
            m_db.reset();
        },
        Qt::DirectConnection);
    connect(&m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread.start();
}

BackgroundRunner::~BackgroundRunner()
{
    // A running request sees a newer generation and is interrupted; queued ones return at once.
    cancel();
    m_thread.quit();
    m_thread.wait();
}

void BackgroundRunner::setConnectionHook(std::function<void(const Database &)> hook)
{
    m_connectionHook = std::move(hook);
}

quint64 BackgroundRunner::submit(Work work)
{
    const quint64 generation = m_latest->fetch_add(1) + 1;
    interruptRunning();
    if (m_pending++ == 0)
        Q_EMIT busyChanged(true);
    QMetaObject::invokeMethod(
        m_context, [this, generation, work = std::move(work)] { run(generation, work); },
        Qt::QueuedConnection);
    return generation;
}

void BackgroundRunner::cancel()
{
    m_latest->fetch_add(1);
    interruptRunning();
}

void BackgroundRunner::interruptRunning()
{
    // The interrupt check catches the request between statements as well;
    // this ends a long statement (a large count, a rebuild) at once.
    QMutexLocker lock(&m_dbLock);
    if (m_db)
        m_db->interrupt();
}

void BackgroundRunner::run(quint64 generation, const Work &work)
{
    Delivery delivery;
    QString error;
    if (!isStale(generation)) {
        if (!m_db) {
            auto opened = Database::open(m_path, m_mode);
            if (opened) {
                {
                    QMutexLocker lock(&m_dbLock);
                    m_db = std::move(*opened);
                }
                // Asked on this thread while a statement runs and before a commit.
                m_db->setInterruptCheck([this] { return isStale(m_running); });
                if (m_connectionHook)
                    m_connectionHook(*m_db);
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

void BackgroundRunner::settle(quint64 generation, const Delivery &delivery, const QString &error)
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
