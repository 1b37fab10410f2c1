// What a curator reads: Markdown bodies rendered with the source one toggle
// away, never loading or following anything; a diff whose removed and added
// text are marked apart from colour; flags as chips; one row height; the
// reason dialog named after its action; filters as you type; a selection
// that leaves the list closes its details with a note.

#include "CandidateTableModel.h"
#include "CandidateTextView.h"
#include "ColumnChooser.h"
#include "ComparisonView.h"
#include "DecisionPanel.h"
#include "FlagDelegate.h"
#include "FocusMarks.h"
#include "MarkdownView.h"
#include "PanelFixture.h"
#include "ProposalDetails.h"
#include "ProposalListModel.h"
#include "ProposalWorkspace.h"
#include "QueryPanel.h"
#include "QueryResultView.h"
#include "ReviewWorkflow.h"
#include "RevisionDiff.h"
#include "Statement.h"
#include "Theme.h"
#include "UiFixture.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextList>
#include <QTimer>
#include <QToolButton>
#include <QTreeWidget>

using namespace cw;
using namespace cw::test;

namespace {

const QString Body = QStringLiteral("# Fix steps\n\n"
                                    "- stop the **posting** batch\n"
                                    "- rerun it\n\n"
                                    "![diagram](http://example.invalid/diagram.png) and "
                                    "![local](file:///etc/hostname) ![](file:///etc/passwd)\n\n"
                                    "See [the runbook](http://example.invalid/runbook). <img "
                                    "src=\"http://example.invalid/x.png\">\n");

void setBody(const UiFixture &f, const QString &proposal, const QString &body)
{
    auto db = f.open();
    Statement s = db->prepare("UPDATE revisions SET body = ?1 WHERE id = "
                              "(SELECT revision_id FROM proposals WHERE id = ?2)");
    s.bind(1, body).bind(2, proposal);
    QVERIFY(s.exec());
}

QAction *action(MainWindow &window, const char *name)
{
    return window.findChild<QAction *>(QLatin1String(name));
}

QString plainOf(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

Candidate candidate(const QString &ref, const QStringList &flags)
{
    Candidate c;
    c.ref = ref;
    c.revision = 1;
    c.title = ref + QStringLiteral(" title");
    c.kind = QStringLiteral("experience");
    c.status = QStringLiteral("active");
    c.proofLevel = QStringLiteral("verified");
    c.flags = flags;
    c.score = 0.5;
    c.similarityReason = QStringLiteral("shares the words register and row");
    return c;
}

} // namespace

class ReadingTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QSettings().remove(MarkdownView::settingsKey()); }

    void aMarkdownBodyIsRenderedAndItsSourceIsOneToggleAway()
    {
        UiFixture f;
        setBody(f, QStringLiteral("PR-1"), Body);
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        MarkdownView *body = cora->workspace()->comparison()->body();
        QVERIFY(body && !body->isRaw());
        QCOMPARE(body->markdownText(), Body);

        // Rendered: a heading and a two-item list, no Markdown marks left.
        QTextDocument *doc = body->rendered()->document();
        bool heading = false;
        int items = 0;
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            heading |=
                b.blockFormat().headingLevel() == 1 && b.text() == QStringLiteral("Fix steps");
            items += b.textList() ? 1 : 0;
        }
        QVERIFY(heading);
        QCOMPARE(items, 2);
        QVERIFY(!doc->toPlainText().contains(QStringLiteral("# Fix")));
        QVERIFY(!doc->toPlainText().contains(QStringLiteral("**")));

        // One click to the source, and it is remembered.
        auto *button = body->findChild<QToolButton *>(QStringLiteral("rawMarkdownButton"));
        QVERIFY(button);
        QTRY_VERIFY(button->isVisible() && !button->rect().isEmpty());
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(body->isRaw());
        QTRY_VERIFY(body->source()->isVisible());
        QCOMPARE(body->source()->toPlainText(), Body);
        QVERIFY(QSettings().value(MarkdownView::settingsKey()).toBool());
        MarkdownView later;
        QVERIFY2(later.isRaw(), "a new view opens as the reader left the last one");
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(!body->isRaw() && !later.isRaw());
        QVERIFY(body->rendered()->isVisible());
    }

    void retrievedMarkdownLoadsNothingAndFollowsNoLink()
    {
        MarkdownView view;
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMarkdown(Body);
        (void)view.grab(); // laid out and painted: any resource would be asked for now
        QTextDocument *doc = view.rendered()->document();
        const QString text = doc->toPlainText();
        // Images are named, not loaded: their text and address stand in.
        QVERIFY2(
            text.contains(QStringLiteral("[image: diagram <http://example.invalid/diagram.png>]")),
            qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("file:///etc/hostname")), qPrintable(text));
        // Raw HTML in retrieved text stays text.
        QVERIFY(text.contains(QStringLiteral("<img src=")));
        for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
            for (auto it = b.begin(); !it.atEnd(); ++it)
                QVERIFY(!it.fragment().charFormat().isImageFormat());
        }
        // What Qt asked for while importing was refused, and nothing else was asked.
        for (const QString &asked : view.rendered()->refusedResources()) {
            // Qt 6.4 asks for the URL, Qt 6.8 for the local path it names.
            QVERIFY2(asked == QLatin1String("http://example.invalid/diagram.png") ||
                         asked == QLatin1String("file:///etc/hostname") ||
                         asked == QLatin1String("/etc/hostname"),
                     qPrintable(asked));
            QVERIFY(doc->resource(QTextDocument::ImageResource, QUrl(asked)).isNull());
        }
        QVERIFY(view.rendered()
                    ->loadResource(QTextDocument::ImageResource,
                                   QUrl(QStringLiteral("file:///etc/hostname")))
                    .isNull());

        // A link reads as a link, its target in the tooltip; a click follows nothing.
        QVERIFY(!view.rendered()->openLinks() && !view.rendered()->openExternalLinks());
        const int at = text.indexOf(QStringLiteral("the runbook")) + 2;
        QTextCursor cursor(doc);
        cursor.setPosition(at);
        QCOMPARE(cursor.charFormat().anchorHref(),
                 QStringLiteral("http://example.invalid/runbook"));
        QCOMPARE(cursor.charFormat().toolTip(), QStringLiteral("http://example.invalid/runbook"));
        QSignalSpy clicked(view.rendered(), &QTextBrowser::anchorClicked);
        const QPoint point = view.rendered()->cursorRect(cursor).center();
        QTest::mouseClick(view.rendered()->viewport(), Qt::LeftButton, {}, point);
        QVERIFY(view.rendered()->source().isEmpty());
        QCOMPARE(doc->toPlainText(), text);
    }

    void candidateTextShowsTheExcerptAndBodyRendered()
    {
        Candidate c = candidate(QStringLiteral("KB-12"), {});
        c.excerpt = QStringLiteral("**bold** excerpt");
        const QString md = CandidateTextView::markdown(c, QStringLiteral("## Steps\n\n1. one\n"));
        MarkdownView view;
        view.setMarkdown(md);
        const QString text = view.rendered()->toPlainText();
        QVERIFY(text.contains(QStringLiteral("bold excerpt")));
        QVERIFY(!text.contains(QStringLiteral("**")));
        QVERIFY(view.source()->toPlainText().contains(QStringLiteral("**bold** excerpt")));
    }

    void theDiffMarksRemovedAndAddedTextApartFromColour()
    {
        const QString html =
            RevisionDiff::wordDiffHtml(QStringLiteral("Lock the register, period-close first"),
                                       QStringLiteral("Lock the register first"));
        const QString plain = plainOf(html);
        QVERIFY2(plain.contains(QStringLiteral("[-register, period-close-]{+register+}")),
                 qPrintable(plain));
        QVERIFY(plain.startsWith(QStringLiteral("Lock the ")));
        QVERIFY(plain.endsWith(QStringLiteral(" first")));
        QVERIFY(html.contains(QStringLiteral("line-through")));
        QVERIFY(html.contains(QStringLiteral("underline")));
        // Both backgrounds come from the palette in use.
        QVERIFY(html.contains(Theme::background(Theme::Tone::Bad).name()));
        QVERIFY(html.contains(Theme::background(Theme::Tone::Good).name()));
        // Only added, only removed.
        QCOMPARE(plainOf(RevisionDiff::wordDiffHtml({}, QStringLiteral("new limit"))),
                 QStringLiteral("{+new limit+}"));
        QCOMPARE(plainOf(RevisionDiff::wordDiffHtml(QStringLiteral("old"), {})),
                 QStringLiteral("[-old-]"));

        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-5")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-5"));
        const QString claim =
            cora->findChild<QTextBrowser *>(QStringLiteral("claimView"))->toPlainText();
        QVERIFY2(claim.contains(QStringLiteral("[-")) || claim.contains(QStringLiteral("{+")),
                 qPrintable(claim));
        QVERIFY(claim.contains(QStringLiteral("[-removed-] struck through")));
    }

    void theReasonDialogIsNamedAfterTheActionAndCtrlEnterSubmits()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        QString button;
        bool stillOpenAfterEnter = false;
        auto *poll = new QTimer(cora.get());
        connect(poll, &QTimer::timeout, cora.get(), [&] {
            auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
            if (!dialog || dialog->objectName() != QLatin1String("reasonDialog"))
                return;
            poll->stop();
            button = dialog->findChild<QPushButton *>(QStringLiteral("submitReasonButton"))->text();
            auto *edit = dialog->findChild<QPlainTextEdit *>(QStringLiteral("reasonEdit"));
            QTest::keyClicks(edit, QStringLiteral("claim matches"));
            QTest::keyClick(edit, Qt::Key_Return); // a new line, not a submit
            stillOpenAfterEnter = dialog->isVisible();
            QTest::keyClicks(edit, QStringLiteral("the proofs"));
            QTest::keyClick(edit, Qt::Key_Return, Qt::ControlModifier);
            if (dialog->isVisible())
                dialog->reject(); // the test fails below rather than hang here
        });
        poll->start(20);
        action(*cora, "approveAction")->trigger();
        QCOMPARE(button, QStringLiteral("Approve"));
        QVERIFY(stillOpenAfterEnter);
        QCOMPARE(ReasonPrompt::lastAction(), QStringLiteral("Approve"));
        QTRY_COMPARE(cora->workspace()->view()->approvals.size(), qsizetype(1));
        QCOMPARE(cora->workspace()->view()->approvals.first().reason,
                 QStringLiteral("claim matches\nthe proofs"));
    }

    void theHeaderSaysWhatTheVersionCounts()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        ReasonPrompt::setNextAnswer(QStringLiteral("fine"));
        action(*cora, "approveAction")->trigger();
        QTRY_COMPARE(cora->workspace()->view()->revision.version, 2);
        // A sign-off moved the counter; the header says so, and that the text did not change.
        const QString header = ProposalDetails::versionText(*cora->workspace()->view());
        QVERIFY2(header.contains(QStringLiteral("version 2 (counts every change, sign-offs too)")),
                 qPrintable(header));
        QVERIFY2(header.contains(QStringLiteral("text edited 0 time")), qPrintable(header));
        auto *label = cora->findChild<QLabel *>(QStringLiteral("proposalHeader"));
        QVERIFY(label->text().contains(QStringLiteral("counts every change")));
    }

    void aConflictMessageEndsItsSentence()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        auto elsewhere = f.open();
        QVERIFY(ReviewWorkflow(*elsewhere, f.clock)
                    .approve(f.as(QStringLiteral("dora")), QStringLiteral("PR-1"), 1,
                             QStringLiteral("owner first")));
        ReasonPrompt::setNextAnswer(QStringLiteral("mine"));
        action(*cora, "approveAction")->trigger();
        const QString refusal = cora->workspace()->decisions()->refusalText();
        QVERIFY2(refusal.contains(QStringLiteral("review it again. The proposal was reloaded")),
                 qPrintable(refusal));
    }

    void aRevisionWithoutABodyLeavesTheRoomToTheClaim()
    {
        UiFixture f;
        setBody(f, QStringLiteral("PR-1"), Body);
        setBody(f, QStringLiteral("PR-3"), QStringLiteral(" "));
        auto cora = f.window(QStringLiteral("cora"));
        cora->show();
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        MarkdownView *body = cora->workspace()->comparison()->body();
        QTRY_VERIFY(body->isVisible());
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-3")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-3"));
        QTRY_VERIFY(!body->isVisible());
        // Back to a body: it gets its share of the height again.
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_VERIFY(body->isVisible() && body->height() > 50);
    }

    void theQueueShowsTheReviewersColumnsAndTheRestAreOneRightClickAway()
    {
        UiFixture f;
        QSettings().remove(QStringLiteral("queue/hiddenColumns"));
        auto cora = f.window(QStringLiteral("cora"));
        auto *table = cora->findChild<QTableView *>(QStringLiteral("proposalTable"));
        for (int column : {ProposalListModel::Id, ProposalListModel::Title,
                           ProposalListModel::Waiting, ProposalListModel::Status})
            QVERIFY2(!table->isColumnHidden(column), qPrintable(QString::number(column)));
        QVERIFY(table->isColumnHidden(ProposalListModel::Case));
        // The title keeps a readable width in a narrow pane (it scrolls instead).
        cora->resize(1024, 700);
        cora->show();
        QTRY_VERIFY(table->columnWidth(ProposalListModel::Title) >=
                    table->fontMetrics().averageCharWidth() * 24);
        auto *chooser = table->findChild<ColumnChooser *>();
        QVERIFY(chooser);
        QAction *caseAction = nullptr;
        for (QAction *a : chooser->menu()->actions())
            if (a->text() ==
                cora->proposalModel()->headerData(ProposalListModel::Case, Qt::Horizontal))
                caseAction = a;
        QVERIFY(caseAction && !caseAction->isChecked());
        caseAction->trigger();
        QVERIFY(!table->isColumnHidden(ProposalListModel::Case));
        // The choice is kept: the next window shows the case column too.
        auto again = f.window(QStringLiteral("cora"));
        auto *next = again->findChild<QTableView *>(QStringLiteral("proposalTable"));
        QVERIFY(!next->isColumnHidden(ProposalListModel::Case));
        // The last shown column cannot be hidden.
        for (int column = 0; column < ProposalListModel::ColumnCount; ++column)
            if (column != ProposalListModel::Title)
                next->setColumnHidden(column, true);
        auto *nextChooser = next->findChild<ColumnChooser *>();
        const QList<QAction *> actions = nextChooser->menu()->actions();
        QVERIFY(!actions.at(ProposalListModel::Title)->isEnabled());
        QSettings().remove(QStringLiteral("queue/hiddenColumns"));
    }

    void theDomainFilterAppliesAsYouType()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        auto *domain = cora->findChild<QLineEdit *>(QStringLiteral("domainFilter"));
        QCOMPARE(cora->proposalModel()->rowCount(), 7);
        domain->setFocus();
        QTest::keyClicks(domain, QStringLiteral("configuration"));
        QVERIFY(domain->hasFocus()); // no Enter, no focus change
        QTRY_COMPARE(cora->proposalModel()->rowCount(), 2);
        auto *tenant = cora->findChild<QLineEdit *>(QStringLiteral("tenantFilter"));
        QTest::keyClicks(tenant, QStringLiteral("no-such-tenant"));
        QTRY_COMPARE(cora->proposalModel()->rowCount(), 0);
    }

    void aSelectionThatLeavesTheFilterClosesItsDetailsWithANote()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        QLabel *note = cora->queue()->filteredOutNote();
        QVERIFY(note->isHidden());
        // A filter that keeps it: still selected, details stay.
        auto *text = cora->findChild<QLineEdit *>(QStringLiteral("textFilter"));
        QTest::keyClicks(text, QStringLiteral("PR-1"));
        QTRY_COMPARE(cora->proposalModel()->rowCount(), 1);
        QCOMPARE(cora->queue()->selectedProposal(), QStringLiteral("PR-1"));
        QCOMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        // One that drops it: no highlight and no details, and the queue says why.
        text->clear();
        QTest::keyClicks(text, QStringLiteral("PR-2"));
        QTRY_VERIFY(!note->isHidden());
        QVERIFY2(note->text().contains(QStringLiteral("PR-1 is no longer in the list")),
                 qPrintable(note->text()));
        QVERIFY(cora->queue()->selectedProposal().isEmpty());
        QVERIFY(!cora->queue()->table()->selectionModel()->hasSelection());
        QVERIFY(cora->workspace()->proposalId().isEmpty());
        // Choosing a proposal again clears the note.
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-2")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-2"));
        QVERIFY(note->isHidden());
    }

    void aCommitElsewhereKeepsTheSelectionOrClosesItWithTheSameNote()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        auto *status = cora->findChild<QComboBox *>(QStringLiteral("statusFilter"));
        status->setCurrentIndex(status->findData(QStringLiteral("pending")));
        QTRY_COMPARE(cora->proposalModel()->rowCount(), 6);
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-2")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-2"));
        // PR-1 is published elsewhere: it leaves the pending list, PR-2 stays selected.
        auto elsewhere = f.open();
        QVERIFY(ReviewWorkflow(*elsewhere, f.clock)
                    .approve(f.as(QStringLiteral("dora")), QStringLiteral("PR-1"), 1,
                             QStringLiteral("owner")));
        QVERIFY(ReviewWorkflow(*elsewhere, f.clock)
                    .approve(f.as(QStringLiteral("cora")), QStringLiteral("PR-1"), 2,
                             QStringLiteral("curator")));
        QTRY_COMPARE_WITH_TIMEOUT(cora->proposalModel()->rowOf(QStringLiteral("PR-1")), -1, 10000);
        QTRY_COMPARE(cora->queue()->selectedProposal(), QStringLiteral("PR-2"));
        QCOMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-2"));
        QVERIFY(cora->queue()->filteredOutNote()->isHidden());
        // Now PR-2 itself is rejected elsewhere: it leaves, with the same note.
        QVERIFY(ReviewWorkflow(*elsewhere, f.clock)
                    .reject(f.as(QStringLiteral("cora")), QStringLiteral("PR-2"), 1,
                            QStringLiteral("wrong route")));
        QTRY_VERIFY_WITH_TIMEOUT(!cora->queue()->filteredOutNote()->isHidden(), 10000);
        QVERIFY(cora->queue()->filteredOutNote()->text().contains(QStringLiteral("PR-2")));
        QVERIFY(cora->workspace()->proposalId().isEmpty());
    }

    void flagsAreChipsWithTheirWordsKept()
    {
        CandidateTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCandidates({candidate(QStringLiteral("KB-1"), {QStringLiteral("source-changed"),
                                                                QStringLiteral("revalidate")}),
                             candidate(QStringLiteral("KB-2"), {})});
        const QModelIndex flags = model.index(0, CandidateTableModel::Flags);
        QCOMPARE(flags.data().toString(), QStringLiteral("source-changed, revalidate"));
        QCOMPARE(flags.data(Qt::AccessibleTextRole).toString(),
                 QStringLiteral("flags: source-changed, revalidate"));
        QCOMPARE(flags.data(FlagDelegate::FlagsRole).toStringList().size(), 2);
        QCOMPARE(model.index(1, CandidateTableModel::Flags).data(Qt::AccessibleTextRole).toString(),
                 QStringLiteral("no flags"));

        FlagDelegate delegate;
        QStyleOptionViewItem option;
        option.font = QApplication::font();
        option.palette = QApplication::palette();
        const QFontMetrics metrics(option.font);
        const QSize hint = delegate.sizeHint(option, flags);
        QVERIFY(hint.width() > metrics.horizontalAdvance(QStringLiteral("source-changed")) +
                                   metrics.horizontalAdvance(QStringLiteral("revalidate")));
        QImage image(hint.width() + 10, hint.height(), QImage::Format_ARGB32);
        image.fill(Qt::white);
        option.rect = QRect(QPoint(0, 0), image.size());
        {
            QPainter painter(&image);
            delegate.paint(&painter, option, flags);
        }
        // The chips are tinted: the "bad" and "warning" backgrounds both appear.
        bool bad = false;
        bool warning = false;
        const QRgb badRgb = Theme::background(Theme::Tone::Bad, option.palette).rgb();
        const QRgb warningRgb = Theme::background(Theme::Tone::Warning, option.palette).rgb();
        for (int x = 0; x < image.width(); ++x) {
            const QRgb pixel = image.pixel(x, image.height() / 2 - 1);
            bad |= pixel == badRgb;
            warning |= pixel == warningRgb;
        }
        QVERIFY(bad && warning);
    }

    void resultRowsAreOneHeightTheReasonTakesTheRoomAndLagIsAWarningRow()
    {
        PanelFixture fixture;
        auto session = fixture.session(QStringLiteral("rows.db"), QStringLiteral("cora"));
        QueryResultView view(session->db());
        view.resize(1200, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        RetrievalResult result;
        result.strategy = QStringLiteral("root-classification@1");
        result.watermark = 57;
        result.canonicalHead = 60;
        result.lagEvents = 3;
        for (int i = 0; i < 8; ++i)
            result.candidates << candidate(QStringLiteral("KB-%1").arg(i),
                                           i % 2 ? QStringList{QStringLiteral("revalidate")}
                                                 : QStringList{});
        result.laggingSources << QStringLiteral("projection is 3 events behind canonical");
        view.setResult(result);
        QTableView *table = view.candidateTable();
        QCOMPARE(table->verticalHeader()->sectionResizeMode(0), QHeaderView::Fixed);
        for (int row = 1; row < table->model()->rowCount(); ++row)
            QCOMPARE(table->rowHeight(row), table->rowHeight(0));
        QHeaderView *header = table->horizontalHeader();
        QCOMPARE(header->logicalIndex(header->count() - 1), int(CandidateTableModel::Reason));
        QVERIFY(header->stretchLastSection());
        // The reason column has the room the others leave: nothing scrolls sideways.
        QCOMPARE(header->sectionResizeMode(CandidateTableModel::Reason), QHeaderView::Stretch);
        QVERIFY2(header->length() <= table->viewport()->width(),
                 qPrintable(QString::number(header->length())));
        QVERIFY(header->sectionSize(CandidateTableModel::Reason) >=
                table->fontMetrics().horizontalAdvance(QStringLiteral("Similarity reason")));
        // At least six rows fit before the details.
        QVERIFY(table->viewport()->height() >= 6 * table->rowHeight(0));
        for (auto *tree : view.findChildren<QTreeWidget *>())
            QVERIFY(tree->uniformRowHeights());

        QTRY_VERIFY(view.lagWarning()->isVisible());
        auto *warning = view.lagWarning()->findChild<QLabel *>(QStringLiteral("lagWarningText"));
        QCOMPARE(warning->text(),
                 QStringLiteral("Lagging: projection is 3 events behind canonical"));
        QVERIFY(!view.findChild<QLabel *>(QStringLiteral("queryBanner"))
                     ->text()
                     .contains(QStringLiteral("Lagging:")));
        result.laggingSources.clear();
        view.setResult(result);
        QVERIFY(view.lagWarning()->isHidden());
    }

    void theFocusedViewAndItsSelectionStayVisibleInLightAndDark()
    {
        for (const QPalette &palette :
             {QApplication::style()->standardPalette(), Theme::darkPalette()}) {
            QTableView view;
            view.setPalette(palette);
            FocusMarks::apply(&view);
            const QPalette p = view.palette();
            const QColor inactive = p.color(QPalette::Inactive, QPalette::Highlight);
            const QColor base = p.color(QPalette::Inactive, QPalette::Base);
            // Clearly apart from the background, and its text readable on it.
            QVERIFY(std::abs(inactive.lightness() - base.lightness()) >= 25 ||
                    std::abs(inactive.hue() - base.hue()) >= 30);
            QCOMPARE(p.color(QPalette::Inactive, QPalette::HighlightedText),
                     p.color(QPalette::Active, QPalette::Text));
            QVERIFY(view.styleSheet().contains(QStringLiteral("QTableView:focus")));
        }
    }

    // Not a check: the pictures in docs/screenshots, when CW_SCREENSHOT_DIR is set.
    void screenshots()
    {
        const QString dir = qEnvironmentVariable("CW_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("CW_SCREENSHOT_DIR is not set");
        const QPalette light = QApplication::palette();
        for (const bool dark : {false, true}) {
            QApplication::setPalette(dark ? Theme::darkPalette() : light);
            const QString theme = dark ? QStringLiteral("dark") : QStringLiteral("light");
            UiFixture f;
            setBody(f, QStringLiteral("PR-5"),
                    QStringLiteral("## Steps\n\n1. Stop the **posting service**.\n"
                                   "2. Rerun the register row check:\n\n"
                                   "   ```\n   curation-cli query --strategy data-investigation@1\n"
                                   "   ```\n\n> Only for KB-12 scope 4.x.\n\n"
                                   "See [the runbook](http://example.invalid/runbook) and "
                                   "![diagram](http://example.invalid/d.png).\n"));
            auto cora = f.window(QStringLiteral("cora"));
            cora->resize(1366, 768);
            QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-5")));
            QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-5"));
            QTest::qWait(200);
            cora->grab().save(
                QDir(dir).filePath(QStringLiteral("reading-proposal-%1.png").arg(theme)));

            PanelFixture fixture;
            auto session = fixture.session(QStringLiteral("shot.db"), QStringLiteral("cora"));
            QueryPanel panel(*session);
            panel.resize(1366, 768);
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            // Three events the projection has not applied: the lag warning shows.
            PanelFixture::publishAgain(session->db(), 3);
            auto *strategy = panel.findChild<QComboBox *>(QStringLiteral("queryStrategy"));
            strategy->setCurrentIndex(strategy->findData(QStringLiteral("data-investigation@1")));
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("queryCase")),
                             QStringLiteral("studio/servicedesk/SD-1602"));
            QTest::keyClicks(panel.findChild<QLineEdit *>(QStringLiteral("queryText")),
                             QStringLiteral("register row"));
            QSignalSpy shown(&panel, &QueryPanel::resultShown);
            panel.runQuery();
            QTRY_COMPARE(shown.count(), 1);
            auto *table = panel.findChild<QTableView *>(QStringLiteral("candidateTable"));
            table->selectRow(2);
            panel.findChild<QTabWidget *>(QStringLiteral("queryDetailTabs"))->setCurrentIndex(1);
            QTest::qWait(200);
            panel.grab().save(
                QDir(dir).filePath(QStringLiteral("reading-results-%1.png").arg(theme)));
        }
        QApplication::setPalette(light);
    }
};

QTEST_MAIN(ReadingTest)
#include "tst_reading.moc"
