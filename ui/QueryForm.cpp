#include "QueryForm.h"

#include "Access.h"
#include "PrincipalDirectory.h"
#include "StrategyCatalog.h"
#include "Vocabulary.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTimeZone>

#include <algorithm>

namespace cw {

namespace {

// Tags and symptoms are typed as "a, b c": commas or blanks separate them.
QStringList splitList(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

} // namespace

QueryForm::QueryForm(const Database &db, const Actor &actor, int strategyChoosers, QWidget *parent)
    : QWidget(parent)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addStrategyChooser(form, QStringLiteral("queryStrategy"),
                       strategyChoosers > 1 ? tr("Strategy &A:") : tr("&Strategy:"));
    if (strategyChoosers > 1) {
        QComboBox *b =
            addStrategyChooser(form, QStringLiteral("queryStrategyB"), tr("Strategy &B:"));
        b->setCurrentIndex(b->count() > 1 ? 1 : 0);
    }
    if (Access::mayActAsOthers(actor.real))
        addViewAs(form, db);
    m_text =
        addLine(form, QStringLiteral("queryText"), tr("&Text:"), tr("objective or symptom text"));
    m_case = addLine(form, QStringLiteral("queryCase"), tr("&Case:"),
                     tr("tenant/source_system/request"));
    m_source = addLine(form, QStringLiteral("querySource"), tr("Source &identity:"),
                       tr("SYSTEM/REQUEST/REVISION"));
    m_domain =
        addLine(form, QStringLiteral("queryDomain"), tr("&Domain:"), tr("requesting domain"));
    m_tags = addLine(form, QStringLiteral("queryTags"), tr("Ta&gs:"), tr("comma separated"));
    m_symptoms = addLine(form, QStringLiteral("querySymptoms"), tr("S&ymptoms:"),
                         tr("symptom tags, comma separated"));
    m_refs = addLine(form, QStringLiteral("queryRefs"), tr("E&xplicit refs:"), tr("EXP-1, KB-3"));
    m_product = addLine(form, QStringLiteral("queryProduct"), tr("&Product:"), QString());
    m_version = addLine(form, QStringLiteral("queryVersion"), tr("&Version:"), tr("e.g. 5.1"));
    m_purpose = addLine(form, QStringLiteral("queryPurpose"), tr("P&urpose:"), tr("recorded"));
    addLimits(form);

    m_run = new QPushButton(strategyChoosers > 1 ? tr("&Compare") : tr("&Run query"), this);
    m_run->setObjectName(QStringLiteral("queryRun"));
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    m_run->setToolTip(tr("Run (Ctrl+Return)"));
    form->addRow(m_run);
    connect(m_run, &QPushButton::clicked, this, &QueryForm::runRequested);
    showStrategyDefaults();
}

QScrollArea *QueryForm::inScrollArea(QWidget *parent)
{
    auto *scroll = new QScrollArea(parent);
    scroll->setWidget(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    return scroll;
}

QComboBox *QueryForm::addStrategyChooser(QFormLayout *form, const QString &name,
                                         const QString &label)
{
    auto *combo = new QComboBox(this);
    combo->setObjectName(name);
    combo->setAccessibleName(label);
    for (const StrategyDefinition &s : StrategyCatalog::builtIn().all())
        combo->addItem(s.key() + QStringLiteral(" — ") + s.title, s.key());
    form->addRow(label, combo);
    m_strategies.append(combo);
    connect(combo, &QComboBox::currentIndexChanged, this, &QueryForm::showStrategyDefaults);
    return combo;
}

void QueryForm::addViewAs(QFormLayout *form, const Database &db)
{
    m_viewAs = new QComboBox(this);
    m_viewAs->setObjectName(QStringLiteral("queryViewAs"));
    m_viewAs->setAccessibleName(tr("View as principal"));
    m_viewAs->setToolTip(tr("Admins only: run the query with another principal's scope"));
    m_viewAs->addItem(tr("(yourself)"), QString());
    if (auto principals = PrincipalDirectory(db).principals()) {
        for (const PrincipalRecord &p : *principals)
            m_viewAs->addItem(p.id + QStringLiteral(" — ") + p.name, p.id);
    }
    form->addRow(tr("View &as:"), m_viewAs);
}

QLineEdit *QueryForm::addLine(QFormLayout *form, const QString &name, const QString &label,
                              const QString &placeholder)
{
    auto *edit = new QLineEdit(this);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setClearButtonEnabled(true);
    form->addRow(label, edit);
    connect(edit, &QLineEdit::returnPressed, this, &QueryForm::runRequested);
    return edit;
}

void QueryForm::addLimits(QFormLayout *form)
{
    m_minProof = new QComboBox(this);
    m_minProof->setObjectName(QStringLiteral("queryMinProof"));
    m_minProof->addItem(tr("any"), QString());
    for (ProofLevel level : {ProofLevel::Verified, ProofLevel::Executed, ProofLevel::Proposed})
        m_minProof->addItem(name(level), QString(name(level)));
    form->addRow(tr("&Minimum proof:"), m_minProof);

    m_limit = new QSpinBox(this);
    m_limit->setObjectName(QStringLiteral("queryLimit"));
    m_limit->setRange(0, 500);
    form->addRow(tr("&Limit:"), m_limit);
    m_budget = new QSpinBox(this);
    m_budget->setObjectName(QStringLiteral("queryBudget"));
    m_budget->setRange(0, 1000000);
    m_budget->setSingleStep(250);
    m_budget->setSuffix(tr(" tokens"));
    form->addRow(tr("To&ken budget:"), m_budget);

    auto *asOfRow = new QHBoxLayout;
    m_asOfEnabled = new QCheckBox(this);
    m_asOfEnabled->setToolTip(tr("Answer from what was current at this time"));
    m_asOfEnabled->setObjectName(QStringLiteral("queryAsOfEnabled"));
    m_asOf = new QDateTimeEdit(QDateTime::currentDateTimeUtc(), this);
    m_asOf->setObjectName(QStringLiteral("queryAsOf"));
#if QT_VERSION >= QT_VERSION_CHECK(6, 7, 0)
    m_asOf->setTimeZone(QTimeZone::utc());
#else
    m_asOf->setTimeSpec(Qt::UTC); // QDateTimeEdit has no time zone before Qt 6.7
#endif
    m_asOf->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    m_asOf->setCalendarPopup(true);
    m_asOf->setEnabled(false);
    asOfRow->addWidget(m_asOfEnabled);
    asOfRow->addWidget(m_asOf, 1);
    // A row label given as a string has no buddy; the mnemonic needs one.
    auto *asOfLabel = new QLabel(tr("As o&f:"), this);
    asOfLabel->setBuddy(m_asOfEnabled);
    form->addRow(asOfLabel, asOfRow);
    connect(m_asOfEnabled, &QCheckBox::toggled, m_asOf, &QWidget::setEnabled);
}

void QueryForm::showStrategyDefaults()
{
    // 0 means "the strategy's default"; say what that default is. Comparing
    // two strategies, each uses its own.
    if (!m_limit)
        return; // still building the form
    if (m_strategies.size() > 1) {
        m_limit->setSpecialValueText(tr("each strategy's default"));
        m_budget->setSpecialValueText(tr("each strategy's default"));
        return;
    }
    auto strategy =
        StrategyCatalog::builtIn().find(m_strategies.value(0)->currentData().toString());
    if (!strategy)
        return;
    m_limit->setSpecialValueText(tr("default (%1)").arg(strategy->defaultLimit));
    m_budget->setSpecialValueText(tr("default (%1 tokens)").arg(strategy->defaultBudgetTokens));
}

RetrievalRequest QueryForm::request(int which) const
{
    RetrievalRequest r;
    r.strategy = m_strategies.value(which, m_strategies.first())->currentData().toString();
    r.purpose = m_purpose->text().trimmed();
    r.text = m_text->text().trimmed();
    r.caseRef = m_case->text().trimmed();
    r.source = m_source->text().trimmed();
    r.domain = m_domain->text().trimmed();
    r.tags = splitList(m_tags->text());
    r.symptoms = splitList(m_symptoms->text());
    r.refs = splitList(m_refs->text());
    r.product = m_product->text().trimmed();
    r.productVersion = m_version->text().trimmed();
    r.minProof = m_minProof->currentData().toString();
    r.limit = m_limit->value();
    r.budgetTokens = m_budget->value();
    if (m_asOfEnabled->isChecked())
        r.asOf = m_asOf->dateTime().toUTC();
    return r;
}

void QueryForm::setRequest(const RetrievalRequest &r)
{
    QComboBox *strategy = m_strategies.first();
    int index = strategy->findData(r.strategy);
    // An unversioned id names its current version: the last one listed.
    for (int i = 0; index < 0 && i < strategy->count(); ++i)
        if (strategy->itemData(i).toString().startsWith(r.strategy + u'@'))
            index = i;
    if (index >= 0)
        strategy->setCurrentIndex(index);
    m_text->setText(r.text);
    m_purpose->setText(r.purpose);
    m_case->setText(r.caseRef);
    m_source->setText(r.source);
    m_domain->setText(r.domain);
    m_tags->setText(r.tags.join(QStringLiteral(", ")));
    m_symptoms->setText(r.symptoms.join(QStringLiteral(", ")));
    m_refs->setText(r.refs.join(QStringLiteral(", ")));
    m_product->setText(r.product);
    m_version->setText(r.productVersion);
    m_minProof->setCurrentIndex(std::max(0, m_minProof->findData(r.minProof)));
    m_limit->setValue(r.limit);
    m_budget->setValue(r.budgetTokens);
    m_asOfEnabled->setChecked(r.asOf.isValid());
    if (r.asOf.isValid())
        m_asOf->setDateTime(r.asOf.toUTC());
}

bool QueryForm::setViewAs(const QString &principal)
{
    if (!m_viewAs)
        return principal.isEmpty();
    const int index = m_viewAs->findData(principal);
    m_viewAs->setCurrentIndex(std::max(0, index));
    return index >= 0;
}

QString QueryForm::viewAs() const
{
    return m_viewAs ? m_viewAs->currentData().toString() : QString();
}

} // namespace cw
