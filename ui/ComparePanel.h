#pragma once

#include "Identity.h"
#include "QueryRunner.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace cw::inline common {
class Clock;
}

namespace cw {

class CandidateTableModel;
class ComparisonModel;
class QueryForm;
class Session;

// Two strategies on the same input, side by side: both ranked lists and what
// differs (overlap, rank changes, only-in-A / only-in-B), with differences
// that come from projection lag told apart from ranking differences. Both
// runs are one request, as the session's acting principal, on a runner
// thread; a newer comparison supersedes an older one. The session must have
// an actor.
class ComparePanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int MaxColumnWidth = 170;

    explicit ComparePanel(Session &session, QWidget *parent = nullptr);
    ~ComparePanel() override;

    QueryForm *form() const { return m_form; }
    ComparisonModel *comparisonModel() const { return m_comparison; }
    CandidateTableModel *listModel(int which) const { return which == 0 ? m_listA : m_listB; }

public Q_SLOTS:
    void compare();

Q_SIGNALS:
    void comparisonShown(quint64 generation);

private:
    QWidget *buildResults();
    QTableView *makeTable(QWidget *parent, const QString &name);
    void showOutcome(const QueryRunOutcome &outcome);

    Session &m_session;
    QueryRunner *m_runner = nullptr;
    QueryForm *m_form = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_titleA = nullptr;
    QLabel *m_titleB = nullptr;
    ComparisonModel *m_comparison = nullptr;
    CandidateTableModel *m_listA = nullptr;
    CandidateTableModel *m_listB = nullptr;
};

} // namespace cw
