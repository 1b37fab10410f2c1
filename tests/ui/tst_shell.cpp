// The window's shell, driven through the real main window: the main toolbar
// (the menus' own actions, so the same disabled-with-reason state), Help ›
// Handbook (F1) and About, and a title that names the file once.

#include "AboutDialog.h"
#include "HandbookWindow.h"
#include "HelpMenu.h"
#include "UiFixture.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextTable>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QWindow>

using namespace cw;
using namespace cw::test;

namespace {

QAction *action(const MainWindow &window, const QString &name)
{
    return window.findChild<QAction *>(name);
}

QMenu *menu(const MainWindow &window, const QString &name)
{
    return window.menuBar()->findChild<QMenu *>(name);
}

} // namespace

class ShellTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void theToolBarOffersTheCommonActions()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        QToolBar *bar = window->mainToolBar();
        QVERIFY(bar);
        QCOMPARE(bar->objectName(), QStringLiteral("mainToolBar"));
        QVERIFY(!bar->isMovable());
        QVERIFY(bar->isVisible());
        QStringList names;
        for (QAction *a : bar->actions()) {
            if (!a->isSeparator())
                names << a->objectName();
        }
        QCOMPARE(
            names,
            QStringList({QStringLiteral("openDatabaseAction"), QStringLiteral("importToolAction"),
                         QStringLiteral("previousProposalAction"),
                         QStringLiteral("nextProposalAction"), QStringLiteral("approveAction"),
                         QStringLiteral("rejectAction"), QStringLiteral("returnAction"),
                         QStringLiteral("showQueryAction"), QStringLiteral("reloadAction")}));
        // Import… holds both imports of the File menu.
        QMenu *imports = action(*window, QStringLiteral("importToolAction"))->menu();
        QVERIFY(imports);
        QCOMPARE(imports->actions(),
                 QList<QAction *>({action(*window, QStringLiteral("importJsonLinesAction")),
                                   action(*window, QStringLiteral("importMemoryAction"))}));
        // Every button has an icon (Qt's own where the desktop has no theme).
        for (QAction *a : bar->actions()) {
            if (!a->isSeparator())
                QVERIFY2(!a->icon().isNull(), qPrintable(a->objectName()));
        }
    }

    void theToolBarsDecisionsAreTheReviewMenusActions()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        const QList<QAction *> review = menu(*window, QStringLiteral("reviewMenu"))->actions();
        for (const char *name : {"approveAction", "rejectAction", "returnAction",
                                 "previousProposalAction", "nextProposalAction"}) {
            QAction *shared = action(*window, QLatin1String(name));
            QVERIFY2(review.contains(shared), name);
            QVERIFY2(window->mainToolBar()->actions().contains(shared), name);
        }
    }

    // An admin may not sign off: the toolbar's Approve is disabled and its
    // tooltip gives the policy's reason, the same as the menu entry's.
    void anAdminSeesApproveDisabledWithTheMenusReason()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("admin"));
        QVERIFY(UiFixture::select(*window, QStringLiteral("PR-1")));
        QAction *approve = action(*window, QStringLiteral("approveAction"));
        QTRY_VERIFY(!approve->isEnabled());
        auto *button = qobject_cast<QToolButton *>(window->mainToolBar()->widgetForAction(approve));
        QVERIFY(button);
        QVERIFY(!button->isEnabled());
        QVERIFY2(button->toolTip().contains(QStringLiteral("Not now:")),
                 qPrintable(button->toolTip()));
        QCOMPARE(button->toolTip(), approve->toolTip());
        // The decisions read as words beside their icons.
        QCOMPARE(button->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
        QVERIFY(!button->text().isEmpty());

        // cora may: the same button is enabled, its tooltip the shortcut.
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QAction *hers = action(*cora, QStringLiteral("approveAction"));
        QTRY_VERIFY(hers->isEnabled());
        QVERIFY(cora->mainToolBar()->widgetForAction(hers)->isEnabled());
        QVERIFY(hers->toolTip().contains(QStringLiteral("Ctrl+Shift+A")));
    }

    void iconOnlyButtonsNameTheirShortcutInTheTooltip()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        const QList<std::pair<QString, QString>> expected{
            {QStringLiteral("openDatabaseAction"), QStringLiteral("Ctrl+O")},
            {QStringLiteral("nextProposalAction"), QStringLiteral("Alt+Down")},
            {QStringLiteral("previousProposalAction"), QStringLiteral("Alt+Up")},
            {QStringLiteral("reloadAction"), QStringLiteral("F5")},
            {QStringLiteral("showQueryAction"), QStringLiteral("Ctrl+3")},
            {QStringLiteral("importToolAction"), QStringLiteral("Ctrl+I")}};
        for (const auto &[name, keys] : expected) {
            QWidget *button = window->mainToolBar()->widgetForAction(action(*window, name));
            QVERIFY2(button, qPrintable(name));
            QVERIFY2(button->toolTip().contains(keys),
                     qPrintable(name + QStringLiteral(": ") + button->toolTip()));
        }
    }

    void theToolBarFitsA1024PixelWindow()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("ana"));
        window->resize(1024, 700);
        QTRY_COMPARE(window->size(), QSize(1024, 700));
        QVERIFY2(window->minimumSizeHint().width() <= 1024,
                 qPrintable(QString::number(window->minimumSizeHint().width())));
        QToolBar *bar = window->mainToolBar();
        QVERIFY2(bar->sizeHint().width() <= 1024,
                 qPrintable(QString::number(bar->sizeHint().width())));
        // Nothing is pushed into the overflow menu at that width.
        for (QAction *a : bar->actions()) {
            if (!a->isSeparator())
                QVERIFY2(bar->widgetForAction(a)->isVisible(), qPrintable(a->objectName()));
        }
        QCOMPARE(window->size(), QSize(1024, 700));
    }

    void theQueryButtonRaisesTheQueryDock()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        auto *query = window->findChild<QDockWidget *>(QStringLiteral("queryDock"));
        QVERIFY(query);
        QVERIFY(query->isHidden()); // a curator's default
        action(*window, QStringLiteral("showQueryAction"))->trigger();
        QTRY_VERIFY(query->widget()->isVisible());
        // Again: still shown (it raises, it does not toggle).
        action(*window, QStringLiteral("showQueryAction"))->trigger();
        QTest::qWait(20);
        QVERIFY(query->widget()->isVisible());
    }

    void f1OpensTheHandbookRenderedFromMarkdown()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        QAction *handbookAction = action(*window, QStringLiteral("handbookAction"));
        QVERIFY(handbookAction);
        QCOMPARE(handbookAction->shortcut(), QKeySequence(Qt::Key_F1));
        QVERIFY(menu(*window, QStringLiteral("helpMenu"))->actions().contains(handbookAction));

        window->activateWindow();
        QTest::keyClick(window.get(), Qt::Key_F1);
        HandbookWindow *handbook = window->helpMenu()->handbook();
        QVERIFY(handbook);
        QTRY_VERIFY(handbook->isVisible());
        // Not modal: the review goes on beside it.
        QCOMPARE(handbook->windowModality(), Qt::NonModal);
        QVERIFY(handbook->isWindow());

        const QTextDocument *document = handbook->browser()->document();
        const QTextBlock first = document->begin();
        QCOMPARE(first.blockFormat().headingLevel(), 1);
        QCOMPARE(first.text(), QStringLiteral("Curation Workbench handbook"));
        // Rendered, not shown as source.
        QVERIFY(!document->toPlainText().contains(QStringLiteral("## ")));
        const QStringList headings = handbook->headings();
        for (const char *section :
             {"Getting started", "Roles", "The review flow", "Keyboard shortcuts", "Lag", "Query",
              "Evaluation", "Erasure and retention", "Files"})
            QVERIFY2(headings.contains(QLatin1String(section)), section);
        // Tables render as tables (the shortcuts).
        bool hasTable = false;
        for (QTextFrame *frame : document->rootFrame()->childFrames())
            hasTable = hasTable || qobject_cast<QTextTable *>(frame);
        QVERIFY(hasTable);

        // Asked again: the same window, raised, not a second one.
        handbookAction->trigger();
        QCOMPARE(window->helpMenu()->handbook(), handbook);
        QCOMPARE(window->findChildren<HandbookWindow *>().size(), 1);
    }

    void theHandbookContentsJumpToTheirSection()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        action(*window, QStringLiteral("handbookAction"))->trigger();
        HandbookWindow *handbook = window->helpMenu()->handbook();
        QVERIFY(handbook);
        auto *contents = handbook->findChild<QListWidget *>(QStringLiteral("handbookContents"));
        QVERIFY(contents);
        const int row = int(handbook->headings().indexOf(QStringLiteral("Files")));
        QVERIFY(row > 0);
        contents->setCurrentRow(row);
        QCOMPARE(handbook->browser()->textCursor().block().text(), QStringLiteral("Files"));
    }

    void aboutShowsTheVersionTheLicenceAndTheWayToAboutQt()
    {
        QCoreApplication::setApplicationVersion(QStringLiteral("9.8.7"));
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        action(*window, QStringLiteral("aboutAction"))->trigger();
        AboutDialog *about = window->helpMenu()->about();
        QVERIFY(about);
        QTRY_VERIFY(about->isVisible());
        QVERIFY2(about->text().contains(QStringLiteral("Version 9.8.7")),
                 qPrintable(about->text()));
        QVERIFY(about->text().contains(QStringLiteral("MIT licence")));
        auto *aboutQt = about->findChild<QPushButton *>(QStringLiteral("aboutQtButton"));
        QVERIFY(aboutQt);
        // Qt's own About box opens (modal); close it as a user would.
        QString seen;
        QTimer::singleShot(200, this, [&seen] {
            if (QWidget *box = QApplication::activeModalWidget();
                box && box->windowTitle().contains(QStringLiteral("Qt"))) {
                seen = box->windowTitle();
                box->close();
            }
        });
        aboutQt->click();
        QCOMPARE(seen, QStringLiteral("About Qt"));
        QVERIFY(about->isVisible());
    }

    // "cw.db — Curation Workbench": the platform adds the application's name
    // to the file's; the window's own title must not carry it again.
    void theTitleNamesTheFileAndLeavesTheApplicationNameToThePlatform()
    {
        UiFixture f;
        auto window = f.window(QStringLiteral("cora"));
        QCOMPARE(window->windowFilePath(), f.path);
        QVERIFY(window->windowHandle());
        QCOMPARE(window->windowHandle()->title(), QStringLiteral("cw.db"));
        QVERIFY(!window->windowTitle().contains(QStringLiteral("Curation Workbench")));
    }
};

QTEST_MAIN(ShellTest)
#include "tst_shell.moc"
