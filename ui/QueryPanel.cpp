#include "QueryPanel.h"

#include "Identity.h"
#include "QueryForm.h"
#include "QueryResultView.h"
#include "Session.h"
#include "Verdicts.h"
#include "Vocabulary.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace cw {

QueryPanel::QueryPanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_pendingActor(*session.actor())
    , m_resultActor(*session.actor())
{
    setObjectName(QStringLiteral("queryPanel"));
    setAccessibleName(tr("Query panel"));
    m_runner = new QueryRunner(session.location(), this);
    const Database &db = session.db();

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("querySplitter"));
    auto *left = new QWidget(splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_actorLabel = new QLabel(left);
    m_actorLabel->setObjectName(QStringLiteral("queryActor"));
    leftLayout->addWidget(m_actorLabel);
    m_form = new QueryForm(db, *session.actor(), 1, left);
    leftLayout->addWidget(m_form->inScrollArea(left), 1);
    auto *progressRow = new QHBoxLayout;
    m_progress = new QProgressBar(left);
    m_progress->setObjectName(QStringLiteral("queryProgress"));
    m_progress->setRange(0, 0); // the engine reports no steps: busy, not a percentage
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), left);
    m_cancel->setObjectName(QStringLiteral("queryCancel"));
    m_cancel->setVisible(false);
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    leftLayout->addLayout(progressRow);
    splitter->addWidget(left);

    auto *right = new QWidget(splitter);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_results = new QueryResultView(db, right);
    rightLayout->addWidget(m_results, 1);
    rightLayout->addWidget(buildVerdictBar());
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    connect(m_form, &QueryForm::runRequested, this, &QueryPanel::runQuery);
    connect(m_cancel, &QPushButton::clicked, this, &QueryPanel::cancelQuery);
    connect(m_runner, &QueryRunner::finished, this, &QueryPanel::showOutcome);
    connect(m_runner, &QueryRunner::busyChanged, this, [this](bool busy) {
        m_progress->setVisible(busy);
        m_cancel->setVisible(busy);
    });
    connect(m_results, &QueryResultView::candidateSelected, this,
            &QueryPanel::updateVerdictControls);
    connect(&m_session, &Session::actorChanged, this, &QueryPanel::showActor);
    showActor();
    updateVerdictControls();
}

QueryPanel::~QueryPanel() = default;

QWidget *QueryPanel::buildVerdictBar()
{
    auto *bar = new QWidget(this);
    auto *row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Verdict on the selected candidate:"), bar));
    m_verdict = new QComboBox(bar);
    m_verdict->setObjectName(QStringLiteral("verdictChoice"));
    m_verdict->setAccessibleName(tr("Verdict"));
    m_verdict->addItem(tr("applies"), QString(name(Verdict::Applies)));
    m_verdict->addItem(tr("rejected"), QString(name(Verdict::Rejected)));
    m_verdict->addItem(tr("needs check"), QString(name(Verdict::NeedsCheck)));
    m_reason = new QLineEdit(bar);
    m_reason->setObjectName(QStringLiteral("verdictReason"));
    m_reason->setPlaceholderText(tr("reason (required)"));
    m_record = new QPushButton(tr("Record &verdict"), bar);
    m_record->setObjectName(QStringLiteral("verdictRecord"));
    m_verdictStatus = new QLabel(bar);
    m_verdictStatus->setObjectName(QStringLiteral("verdictStatus"));
    row->addWidget(m_verdict);
    row->addWidget(m_reason, 1);
    row->addWidget(m_record);
    row->addWidget(m_verdictStatus);
    connect(m_reason, &QLineEdit::textChanged, this, &QueryPanel::updateVerdictControls);
    connect(m_reason, &QLineEdit::returnPressed, this, &QueryPanel::recordVerdict);
    connect(m_record, &QPushButton::clicked, this, &QueryPanel::recordVerdict);
    return bar;
}

bool QueryPanel::isQueryRunning() const
{
    return m_runner->isBusy();
}

const Actor &QueryPanel::actor() const
{
    return *m_session.actor();
}

void QueryPanel::showActor()
{
    const Actor &a = actor();
    const QString roles = a.effective.roles.join(QStringLiteral(", "));
    m_actorLabel->setText(
        a.isImpersonating()
            ? tr("Queries run as %1 (%2), viewed by %3").arg(a.effective.id, roles, a.real.id)
            : tr("Queries run as %1 (%2)").arg(a.effective.id, roles));
}

void QueryPanel::runQuery()
{
    Actor actor = this->actor();
    if (const QString as = m_form->viewAs(); !as.isEmpty()) {
        // The model decides who may act as whom; the picker only offers it.
        auto resolved = IdentityResolver::resolve(m_session.db(), actor.real.osUser, as);
        if (!resolved) {
            m_results->showError(resolved.error());
            return;
        }
        actor = *resolved;
    }
    m_pendingActor = actor;
    const quint64 generation = m_runner->submit(actor, {m_form->request()}, m_session.clock());
    m_results->showBusy(tr("Running query #%1…").arg(generation));
}

void QueryPanel::loadRequest(const RetrievalRequest &request, const QString &asPrincipal)
{
    m_form->setRequest(request);
    // Yourself needs no choice; anyone else is the picker's, which only admins have.
    const bool self = asPrincipal.isEmpty() || asPrincipal == actor().effective.id;
    m_form->setViewAs(self ? QString() : asPrincipal);
    runQuery();
}

void QueryPanel::cancelQuery()
{
    m_runner->cancel();
    m_results->showBusy(tr("Query cancelled."));
}

void QueryPanel::showOutcome(const QueryRunOutcome &outcome)
{
    if (!outcome.ok() || outcome.results.isEmpty()) {
        m_results->showError(outcome.error);
        return;
    }
    m_resultActor = m_pendingActor;
    m_verdictStatus->clear();
    m_results->setResult(outcome.results.first());
    updateVerdictControls();
    Q_EMIT resultShown(outcome.generation, outcome.results.first().memoryUseId);
}

void QueryPanel::updateVerdictControls()
{
    const bool canJudge = m_results->selectedCandidate() && m_results->result().memoryUseId > 0;
    m_verdict->setEnabled(canJudge);
    m_reason->setEnabled(canJudge);
    m_record->setEnabled(canJudge && !m_reason->text().trimmed().isEmpty());
}

void QueryPanel::recordVerdict()
{
    const Candidate *c = m_results->selectedCandidate();
    const qint64 useId = m_results->result().memoryUseId;
    const QString reason = m_reason->text().trimmed();
    if (!c || useId <= 0 || reason.isEmpty())
        return;
    const QString verdict = m_verdict->currentData().toString();
    auto recorded = m_session.write([&](const Database &db) {
        return Verdicts(db, m_session.clock())
            .record(m_resultActor, useId, c->ref, c->revision, verdict, reason);
    });
    if (!recorded) {
        m_verdictStatus->setText(tr("Not recorded: %1").arg(recorded.refusal().message));
        return;
    }
    m_verdictStatus->setText(tr("Recorded: %1 on %2@%3").arg(verdict, c->ref).arg(c->revision));
    m_reason->clear();
    Q_EMIT verdictRecorded(useId, c->ref, c->revision, verdict);
}

} // namespace cw
