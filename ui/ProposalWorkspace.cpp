#include "ProposalWorkspace.h"

#include "Access.h"
#include "ArticleRevisions.h"
#include "ComparisonView.h"
#include "DecisionPanel.h"
#include "ReviewHistory.h"
#include "Session.h"

#include <QSplitter>
#include <QVBoxLayout>

namespace cw {

namespace {

// Fingerprint of what the workspace shows: if none of it moved, a commit
// elsewhere does not redraw (and does not reset the scroll position).
bool sameStanding(const ProposalView &a, const ProposalView &b)
{
    return a.proposal.status == b.proposal.status && a.revision.version == b.revision.version &&
           a.revision.state == b.revision.state && a.approvals.size() == b.approvals.size() &&
           a.audit.size() == b.audit.size();
}

} // namespace

ProposalWorkspace::ProposalWorkspace(Session &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_comparison(new ComparisonView(m_splitter))
    , m_decisions(new DecisionPanel(session, m_splitter))
{
    setObjectName(QStringLiteral("proposalWorkspace"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_splitter->setObjectName(QStringLiteral("workspaceSplitter"));
    m_splitter->addWidget(m_comparison);
    m_splitter->addWidget(m_decisions);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter);
    m_comparison->showMessage(tr("Select a proposal to see its claim beside the evidence."));

    connect(m_decisions, &DecisionPanel::reloadRequested, this, [this] { load(true); });
    connect(&m_session, &Session::databaseChanged, this, &ProposalWorkspace::reload);
    connect(&m_session, &Session::actorChanged, this, [this] { load(true); });
}

void ProposalWorkspace::showProposal(const QString &proposalId)
{
    m_proposalId = proposalId;
    m_view.reset();
    load(true);
}

void ProposalWorkspace::reload()
{
    load(false);
}

void ProposalWorkspace::load(bool force)
{
    if (m_proposalId.isEmpty() || !m_session.actor()) {
        m_view.reset();
        m_comparison->showMessage(
            m_session.actor() ? tr("Select a proposal to see its claim beside the evidence.")
                              : tr("No principal is mapped to you, so details are hidden."));
        m_decisions->setProposal(std::nullopt, std::nullopt);
        return;
    }
    const Access access(m_session.db(), *m_session.actor());
    RecordViews views(m_session.db(), access);
    auto loaded = views.proposalView(m_proposalId);
    if (!loaded || !*loaded) {
        m_view.reset();
        m_comparison->showMessage(loaded ? tr("This proposal no longer exists.") : loaded.error());
        m_decisions->setProposal(std::nullopt, std::nullopt);
        return;
    }
    const ProposalView &fresh = **loaded;
    // The article's own history too (a retire, a supersede by another
    // proposal), as `curation-cli show` prints it for the article.
    auto article = views.articleView(fresh.article.ref);
    const QList<AuditRecord> articleAudit =
        article && *article ? (*article)->audit : QList<AuditRecord>();
    if (!force && m_view && sameStanding(*m_view, fresh) &&
        articleAudit.size() == m_articleAuditSize) {
        // Nothing about the proposal moved; the projector may have.
        m_decisions->refreshVisibility();
        return;
    }
    std::optional<RevisionRecord> active;
    auto current = ArticleRevisions(m_session.db()).active(fresh.article.id);
    if (current && *current && (*current)->id != fresh.revision.id)
        active = **current;
    m_view = fresh;
    m_articleAuditSize = articleAudit.size();
    m_comparison->showProposal(fresh, active);
    m_decisions->setProposal(fresh, active, ReviewHistory::timeline(fresh.audit, articleAudit));
}

} // namespace cw
