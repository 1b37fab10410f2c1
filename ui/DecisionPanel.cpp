#include "DecisionPanel.h"

#include "EditRules.h"
#include "FittedTextBrowser.h"
#include "FocusMarks.h"
#include "HistoryModel.h"
#include "ReasonPrompt.h"
#include "ReviewChecks.h"
#include "ReviewHistory.h"
#include "ReviewRules.h"
#include "ReviewWorkflow.h"
#include "Session.h"
#include "Theme.h"
#include "VisibilityLabel.h"
#include "Vocabulary.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace cw {

namespace {

// Both sign-offs, a couple of outdated ones and the edit rule show whole;
// a longer history scrolls.
constexpr int ApprovalLines = 12;

} // namespace

DecisionPanel::DecisionPanel(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_refusal(new QLabel(this))
    , m_visibility(new VisibilityLabel(session, this))
    , m_tabs(new QTabWidget(this))
    , m_approvals(new FittedTextBrowser(ApprovalLines, m_tabs))
    , m_historyModel(new HistoryModel(this))
    , m_historyView(new QTreeView(m_tabs))
{
    setObjectName(QStringLiteral("decisionPanel"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    m_approve = makeAction(QStringLiteral("approve"), tr("&Approve…"),
                           QStringLiteral("dialog-ok-apply"), QStyle::SP_DialogApplyButton,
                           QKeySequence(tr("Ctrl+Shift+A")), &DecisionPanel::approve);
    m_reject = makeAction(QStringLiteral("reject"), tr("Re&ject…"), QStringLiteral("dialog-cancel"),
                          QStyle::SP_DialogCancelButton, QKeySequence(tr("Ctrl+Shift+J")),
                          &DecisionPanel::reject);
    m_return = makeAction(QStringLiteral("return"), tr("Re&turn…"), QStringLiteral("edit-undo"),
                          QStyle::SP_ArrowBack, QKeySequence(tr("Ctrl+Shift+T")),
                          &DecisionPanel::returnProposal);
    m_supersede = makeAction(QStringLiteral("supersede"), tr("&Supersede active…"),
                             QStringLiteral("view-refresh"), QStyle::SP_BrowserReload,
                             QKeySequence(tr("Ctrl+Shift+S")), &DecisionPanel::supersede);
    m_retire =
        makeAction(QStringLiteral("retire"), tr("R&etire active…"), QStringLiteral("edit-delete"),
                   QStyle::SP_TrashIcon, QKeySequence(tr("Ctrl+Shift+E")), &DecisionPanel::retire);
    // A tool bar, not a row of buttons: when the pane is narrow the actions
    // that do not fit go to its overflow menu instead of widening the pane
    // past the window's edge (and the refusal below with it).
    auto *bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("decisionBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->setIconSize(QSize(16, 16));
    bar->addActions(decisionActions());
    layout->addWidget(bar);

    m_refusal->setObjectName(QStringLiteral("refusalLabel"));
    m_refusal->setWordWrap(true);
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps to the pane's width whatever the length of the message.
    m_refusal->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QPalette refusal = m_refusal->palette();
    refusal.setColor(QPalette::WindowText, Theme::text(Theme::Tone::Bad, refusal));
    m_refusal->setPalette(refusal);
    m_refusal->setAccessibleName(tr("Refusal"));
    m_approvals->setObjectName(QStringLiteral("approvalsView"));
    m_approvals->setAccessibleName(tr("Approvals"));
    // The rule about edits is there when asked, not under every proposal.
    m_approvals->setToolTip(EditRules::description());
    m_historyView->setObjectName(QStringLiteral("historyView"));
    m_historyView->setAccessibleName(tr("History"));
    m_historyView->setModel(m_historyModel);
    m_historyView->setRootIsDecorated(false);
    m_historyView->setAlternatingRowColors(true);
    m_historyView->setWordWrap(true);
    m_historyView->header()->setStretchLastSection(true);
    FocusMarks::apply(m_historyView);
    m_tabs->setObjectName(QStringLiteral("decisionTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_approvals, tr("A&pprovals"));
    m_tabs->addTab(m_historyView, tr("&History"));
    layout->addWidget(m_refusal);
    layout->addWidget(m_visibility);
    layout->addWidget(m_tabs, 1);
    // Another principal (View As) sees its own refusals, not the previous one's.
    connect(&m_session, &Session::actorChanged, this, [this] {
        m_draft.clear();
        clearRefusal();
        updateEnabled();
    });
    clearRefusal();
    updateEnabled();
}

QAction *DecisionPanel::makeAction(const QString &name, const QString &text, const QString &icon,
                                   QStyle::StandardPixmap fallback, const QKeySequence &shortcut,
                                   void (DecisionPanel::*slot)())
{
    // Theme icons where the desktop has them, Qt's own otherwise.
    auto *action = new QAction(QIcon::fromTheme(icon, style()->standardIcon(fallback)), text, this);
    action->setObjectName(name + QStringLiteral("Action"));
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    // Menus show the shortcut beside the text; tooltips say it too.
    QString plain = text;
    plain.remove(u'&');
    const QString tip = shortcut.isEmpty()
                            ? plain
                            : tr("%1 (%2)").arg(plain, shortcut.toString(QKeySequence::NativeText));
    action->setProperty("plainTip", tip);
    action->setToolTip(tip);
    connect(action, &QAction::triggered, this, slot);
    return action;
}

QList<QAction *> DecisionPanel::decisionActions() const
{
    return {m_approve, m_reject, m_return, m_supersede, m_retire};
}

QString DecisionPanel::refusalText() const
{
    return m_refusal->isHidden() ? QString() : m_refusal->text();
}

QString DecisionPanel::visibilityText() const
{
    return m_visibility->text();
}

void DecisionPanel::setProposal(const std::optional<ProposalView> &view,
                                const std::optional<RevisionRecord> &active,
                                const QList<AuditRecord> &history)
{
    // A different proposal starts clean; the same one (reloaded) keeps the
    // refusal and the draft reason.
    if (!view || !m_view || view->proposal.id != m_view->proposal.id) {
        m_draft.clear();
        clearRefusal();
        m_lastOutcome.reset();
    }
    m_view = view;
    m_active = active;
    m_history = view ? history : QList<AuditRecord>();
    m_historyModel->setEntries(m_history);
    m_tabs->setTabText(1, m_history.isEmpty() ? tr("&History")
                                              : tr("&History (%1)").arg(m_history.size()));
    showApprovals();
    refreshVisibility();
    updateEnabled();
}

void DecisionPanel::clearRefusal()
{
    m_refusal->clear();
    m_refusal->hide();
}

void DecisionPanel::updateEnabled()
{
    const auto &actor = m_session.actor();
    if (!m_view || !actor) {
        const Refusal none{Refusal::Invalid,
                           actor ? tr("no proposal is selected")
                                 : tr("no principal is mapped to you"),
                           {}};
        m_refusals = {none, none, none, none, none};
    } else {
        m_refusals = ReviewChecks(m_session.db(), *actor).forProposal(m_view->proposal.id);
    }
    enable(m_approve, m_refusals.approve);
    enable(m_reject, m_refusals.reject);
    enable(m_return, m_refusals.returnProposal);
    enable(m_supersede, m_refusals.supersede);
    enable(m_retire, m_refusals.retire);
}

void DecisionPanel::enable(QAction *action, const std::optional<Refusal> &refusal)
{
    action->setEnabled(!refusal);
    const QString tip = action->property("plainTip").toString();
    // Rich text, so that a long reason wraps instead of running off the screen.
    action->setToolTip(refusal ? QStringLiteral("<p>%1</p><p>%2</p>")
                                     .arg(tip.toHtmlEscaped(),
                                          tr("Not now: %1").arg(refusal->message).toHtmlEscaped())
                               : tip);
    action->setStatusTip(refusal ? refusal->message : QString());
}

void DecisionPanel::showApprovals()
{
    if (!m_view) {
        m_approvals->clear();
        return;
    }
    QString html;
    // Why it was set back, where a reviewer looks first.
    if (const auto back = ReviewHistory::lastSetBack(m_view->audit)) {
        const QString who = back->principal == back->effectivePrincipal
                                ? back->principal
                                : tr("%1 as %2").arg(back->principal, back->effectivePrincipal);
        const QString what = back->action == name(ReviewDecision::Reject)
                                 ? tr("Rejected by %1 at %2: %3")
                                 : tr("Returned by %1 at %2: %3");
        html += QStringLiteral("<p style=\"%1\"><b>%2</b></p>")
                    .arg(Theme::css(Theme::Tone::Bad),
                         what.arg(who, back->at, back->reason).toHtmlEscaped());
    }
    html += QStringLiteral("<b>%1</b><ul>").arg(tr("Approvals so far").toHtmlEscaped());
    if (m_view->approvals.isEmpty())
        html += QStringLiteral("<li>%1</li>").arg(tr("none yet").toHtmlEscaped());
    for (const ReviewRecord &r : m_view->approvals) {
        const QString who = r.principal == r.effectivePrincipal
                                ? r.principal
                                : tr("%1 as %2").arg(r.principal, r.effectivePrincipal);
        const QString state = r.outdated ? tr("outdated: %1").arg(r.outdatedReason) : tr("current");
        html += QStringLiteral("<li>%1 — %2 (%3, %4, %5): %6</li>")
                    .arg(r.role.toHtmlEscaped(), who.toHtmlEscaped(), state.toHtmlEscaped(),
                         tr("on version %1").arg(r.onVersion).toHtmlEscaped(), r.at.toHtmlEscaped(),
                         r.reason.toHtmlEscaped());
    }
    html += QStringLiteral("</ul>");
    m_approvals->setHtml(html);
}

void DecisionPanel::refreshVisibility()
{
    if (m_view)
        m_visibility->showFor(*m_view, m_lastOutcome);
    else
        m_visibility->showNothing();
}

bool DecisionPanel::isCountingVisibility() const
{
    return m_visibility->isCounting();
}

void DecisionPanel::showRefusal(const Refusal &refusal)
{
    QString text;
    switch (refusal.kind) {
    case Refusal::Conflict:
        text = tr("Someone else decided first: %1 The proposal was reloaded; your reason is kept "
                  "for when you decide again.")
                   .arg(refusal.message);
        break;
    case Refusal::Forbidden:
        text = tr("You may not do this: %1").arg(refusal.message);
        break;
    case Refusal::Invalid:
        text = tr("Not possible: %1").arg(refusal.message);
        break;
    case Refusal::NotFound:
        text = tr("Not found: %1").arg(refusal.message);
        break;
    case Refusal::Failed:
        text = tr("Not recorded, nothing was written: %1").arg(refusal.message);
        break;
    }
    m_refusal->setText(text);
    m_refusal->show();
}

void DecisionPanel::decide(const QString &verb, const QString &question, const Action &action)
{
    if (!m_view || !m_session.actor())
        return;
    const auto reason = ReasonPrompt::ask(this, tr("%1 %2").arg(verb, m_view->proposal.id),
                                          question, m_draft, {}, verb);
    if (!reason)
        return;
    // Through the session, which tells every panel about the commit.
    const auto done = m_session.write([&](const Database &) { return action(*reason); });
    if (!done) {
        m_draft = done.refusal().keptReason.isEmpty() ? *reason : done.refusal().keptReason;
        showRefusal(done.refusal());
        if (done.refusal().kind == Refusal::Conflict)
            Q_EMIT reloadRequested();
        return;
    }
    m_draft.clear();
    clearRefusal();
    m_lastOutcome = *done;
    Q_EMIT reloadRequested();
}

void DecisionPanel::approve()
{
    if (!m_view)
        return;
    const QString id = m_view->proposal.id;
    const int version = m_view->revision.version;
    decide(tr("Approve"), tr("Why do you approve %1 (version %2)?").arg(id).arg(version),
           [this, id, version](const QString &reason) {
               return ReviewWorkflow(m_session.db(), m_session.clock())
                   .approve(*m_session.actor(), id, version, reason);
           });
}

void DecisionPanel::reject()
{
    if (!m_view)
        return;
    const QString id = m_view->proposal.id;
    const int version = m_view->revision.version;
    decide(tr("Reject"), tr("Why is %1 rejected? It stays visible as a rejected route.").arg(id),
           [this, id, version](const QString &reason) {
               return ReviewWorkflow(m_session.db(), m_session.clock())
                   .reject(*m_session.actor(), id, version, reason);
           });
}

void DecisionPanel::returnProposal()
{
    if (!m_view)
        return;
    const QString id = m_view->proposal.id;
    const int version = m_view->revision.version;
    decide(tr("Return"), tr("What should the proposer change in %1?").arg(id),
           [this, id, version](const QString &reason) {
               return ReviewWorkflow(m_session.db(), m_session.clock())
                   .returnProposal(*m_session.actor(), id, version, reason);
           });
}

void DecisionPanel::supersede()
{
    if (!m_view || !m_active)
        return;
    const QString ref = m_view->article.ref;
    const QString id = m_view->proposal.id;
    const int version = m_active->version;
    decide(
        tr("Supersede"),
        tr("Why does %1 replace the active revision %2 r%3?").arg(id, ref).arg(m_active->revision),
        [this, ref, id, version](const QString &reason) {
            return ReviewWorkflow(m_session.db(), m_session.clock())
                .supersede(*m_session.actor(), ref, id, version, reason);
        });
}

void DecisionPanel::retire()
{
    if (!m_view)
        return;
    const RevisionRecord &current = m_active ? *m_active : m_view->revision;
    const QString ref = m_view->article.ref;
    const int version = current.version;
    if (!ReasonPrompt::confirm(this, tr("Retire"),
                               tr("Retire revision %1 r%2? It stops being current for everyone.")
                                   .arg(ref)
                                   .arg(current.revision)))
        return;
    decide(tr("Retire"), tr("Why is %1 retired?").arg(ref),
           [this, ref, version](const QString &reason) {
               return ReviewWorkflow(m_session.db(), m_session.clock())
                   .retire(*m_session.actor(), ref, version, reason);
           });
}

} // namespace cw
