#pragma once

#include "Identity.h"
#include "Retrieval.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QFormLayout;
class QLineEdit;
class QPushButton;
class QScrollArea;
class QSpinBox;

namespace cw {

class Database;

// Everything the retrieval engine takes, as inputs. One strategy chooser for
// the query panel, two (A and B) for the side-by-side comparison. The
// view-as picker exists only when the real principal is an admin: scope is
// never something a non-admin can choose.
class QueryForm : public QWidget
{
    Q_OBJECT

public:
    QueryForm(const Database &db, const Actor &actor, int strategyChoosers,
              QWidget *parent = nullptr);

    // The request with the strategy of chooser `which` (0 = A, 1 = B).
    RetrievalRequest request(int which = 0) const;
    // Fills the form with a request (the strategy chooser A): what
    // request() then returns, save the strategy if the catalog has no such one.
    void setRequest(const RetrievalRequest &request);
    // The principal to act as; empty: yourself.
    QString viewAs() const;
    // Chooses whom to act as; false when the form offers no such choice (not
    // an admin, or no such principal): the query then runs as yourself.
    bool setViewAs(const QString &principal);
    QPushButton *runButton() const { return m_run; }
    // The form in a vertical scroll area as wide as the form wants, so no
    // field is clipped when a dock is short.
    QScrollArea *inScrollArea(QWidget *parent);

Q_SIGNALS:
    void runRequested();

private:
    QComboBox *addStrategyChooser(QFormLayout *form, const QString &name, const QString &label);
    void addViewAs(QFormLayout *form, const Database &db);
    QLineEdit *addLine(QFormLayout *form, const QString &name, const QString &label,
                       const QString &placeholder);
    void addLimits(QFormLayout *form);
    void showStrategyDefaults();

    QList<QComboBox *> m_strategies;
    QComboBox *m_viewAs = nullptr;
    QLineEdit *m_text = nullptr;
    QLineEdit *m_purpose = nullptr;
    QLineEdit *m_case = nullptr;
    QLineEdit *m_source = nullptr;
    QLineEdit *m_domain = nullptr;
    QLineEdit *m_tags = nullptr;
    QLineEdit *m_symptoms = nullptr;
    QLineEdit *m_refs = nullptr;
    QLineEdit *m_product = nullptr;
    QLineEdit *m_version = nullptr;
    QComboBox *m_minProof = nullptr;
    QSpinBox *m_limit = nullptr;
    QSpinBox *m_budget = nullptr;
    QCheckBox *m_asOfEnabled = nullptr;
    QDateTimeEdit *m_asOf = nullptr;
    QPushButton *m_run = nullptr;
};

} // namespace cw
