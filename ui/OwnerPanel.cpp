#include "OwnerPanel.h"

#include "BackgroundRunner.h"
#include "Clock.h"
#include "Database.h"
#include "FocusMarks.h"
#include "OwnedArticlesModel.h"
#include "ReasonPrompt.h"
#include "ReviewWorkflow.h"
#include "Session.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace cw {

OwnerPanel::OwnerPanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_model(new OwnedArticlesModel(this))
    , m_reader(new BackgroundRunner(QStringLiteral("ownerView"), session.location(), this))
    , m_table(new QTableView(this))
    , m_dueOnly(new QCheckBox(tr("&Due for re-verification only"), this))
    , m_retire(new QPushButton(QIcon::fromTheme(QStringLiteral("edit-delete")),
                               tr("&Retire selected…"), this))
    , m_message(new QLabel(this))
{
    setObjectName(QStringLiteral("ownerPanel"));
    m_table->setObjectName(QStringLiteral("ownerTable"));
    m_table->setAccessibleName(tr("Articles in your domains"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(OwnedArticlesModel::Title,
                                                      QHeaderView::Stretch);
    FocusMarks::apply(m_table);
    m_dueOnly->setObjectName(QStringLiteral("dueOnlyCheck"));
    m_retire->setObjectName(QStringLiteral("retireArticleButton"));
    m_message->setObjectName(QStringLiteral("ownerMessage"));
    m_message->setWordWrap(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_dueOnly);
    controls->addStretch();
    controls->addWidget(m_retire);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_message);

    // Due-only filters what is loaded: no new read.
    connect(m_dueOnly, &QCheckBox::toggled, this, &OwnerPanel::showLoaded);
    connect(m_retire, &QPushButton::clicked, this, &OwnerPanel::retireSelected);
    connect(&m_session, &Session::databaseChanged, this, &OwnerPanel::reload);
    connect(&m_session, &Session::actorChanged, this, &OwnerPanel::startOver);
    connect(m_reader, &BackgroundRunner::failed, this,
            [this](const QString &message) { showArticles({}, fail(message)); });
    startOver();
}

bool OwnerPanel::isLoading() const
{
    return m_reader->isBusy();
}

void OwnerPanel::startOver()
{
    // Another principal's domains: nothing of the previous list stays.
    m_loaded.clear();
    m_model->setArticles({});
    reload();
}

void OwnerPanel::reload()
{
    const auto &actor = m_session.actor();
    const QStringList domains = actor ? actor->effective.domains : QStringList();
    m_retire->setEnabled(!domains.isEmpty());
    if (domains.isEmpty()) {
        m_reader->cancel();
        m_loaded.clear();
        m_model->setArticles({});
        m_message->setText(tr("You own no domain, so there is nothing to look after here."));
        return;
    }
    if (m_model->rowCount() == 0 && !m_message->property("keep").toBool())
        m_message->setText(
            tr("Loading the articles of %1…").arg(domains.join(QStringLiteral(", "))));
    const QDateTime now = m_session.clock().now();
    m_reader->submit([this, domains, now](const Database &db) -> BackgroundRunner::Delivery {
        auto articles = OwnedArticles(db, now).inDomains(domains);
        return [this, domains, articles] { showArticles(domains, articles); };
    });
}

void OwnerPanel::showArticles(const QStringList &domains,
                              const Result<QList<OwnedArticle>> &articles)
{
    if (!articles) {
        m_message->setText(tr("Could not load your articles: %1").arg(articles.error()));
        Q_EMIT loaded();
        return;
    }
    m_loaded = *articles;
    const auto due = std::count_if(m_loaded.cbegin(), m_loaded.cend(),
                                   [](const OwnedArticle &a) { return a.due; });
    const QString summary = tr("%n active article(s) in %1; ", nullptr, int(m_loaded.size()))
                                .arg(domains.join(QStringLiteral(", "))) +
                            tr("%n due for re-verification.", nullptr, int(due));
    showLoaded();
    // A retire's outcome outlives the reload its commit triggers.
    if (m_message->property("keep").toBool())
        m_message->setProperty("keep", false);
    else
        m_message->setText(summary);
    Q_EMIT loaded();
}

void OwnerPanel::showLoaded()
{
    const QString selected = m_table->currentIndex().isValid()
                                 ? m_table->currentIndex().data(Qt::UserRole).toString()
                                 : QString();
    QList<OwnedArticle> shown;
    for (const OwnedArticle &a : m_loaded) {
        if (!m_dueOnly->isChecked() || a.due)
            shown.append(a);
    }
    m_model->setArticles(shown);
    selectArticle(selected);
}

void OwnerPanel::selectArticle(const QString &ref)
{
    const int row = m_model->rowOf(ref);
    if (row >= 0)
        m_table->selectRow(row);
}

void OwnerPanel::retireSelected()
{
    const OwnedArticle *a = m_model->articleAt(m_table->currentIndex().row());
    if (!a || !m_session.actor())
        return;
    const QString ref = a->ref;
    const int version = a->version;
    if (!ReasonPrompt::confirm(this, tr("Retire"),
                               tr("Retire revision %1 r%2? It stops being current for everyone.")
                                   .arg(ref)
                                   .arg(a->revision)))
        return;
    // Why it is due is a suggestion, not the reason: the audit keeps only
    // what the owner typed or chose to keep.
    const auto reason =
        ReasonPrompt::ask(this, tr("Retire %1").arg(ref), tr("Why is %1 retired?").arg(ref), {},
                          a->due ? a->dueReason : QString(), tr("Retire"));
    if (!reason)
        return;
    const auto done = m_session.write([&](Database &db) {
        return ReviewWorkflow(db, m_session.clock())
            .retire(*m_session.actor(), ref, version, *reason);
    });
    if (!done) {
        m_message->setText(tr("Not retired: %1").arg(done.refusal().message));
        return;
    }
    m_message->setProperty("keep", true);
    m_message->setText(done->summary);
}

} // namespace cw
