// The comparison view: the claim beside the evidence, proof records marked
// by whether they support the claimed level, and the field diff of a
// proposal that would supersede an active revision.

#include "ComparisonView.h"
#include "ProofRecordView.h"
#include "ProposalWorkspace.h"
#include "RevisionDiff.h"
#include "UiFixture.h"

#include <QPlainTextEdit>
#include <QTextBrowser>

using namespace cw;
using namespace cw::test;

class ComparisonTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void claimSitsBesideTheSourceCaseAndItsProofs()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-1")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-1"));
        auto *claim = cora->findChild<QTextBrowser *>(QStringLiteral("claimView"));
        auto *source = cora->findChild<QTextBrowser *>(QStringLiteral("caseView"));
        QVERIFY(claim->toPlainText().contains(QStringLiteral("endorsement lock")));
        QVERIFY(source->toPlainText().contains(QStringLiteral("studio/servicedesk/SD-1598")));
        QVERIFY(source->toPlainText().contains(QStringLiteral("Arrivals")));
        const QList<ProofRecordView *> proofs = cora->workspace()->comparison()->proofViews();
        QVERIFY(proofs.size() >= 2);
        int supporting = 0;
        for (ProofRecordView *p : proofs) {
            supporting += p->support() == ProofRecordView::Support::Supports ? 1 : 0;
            auto *content = p->findChild<QPlainTextEdit *>(QStringLiteral("proofContent"));
            QVERIFY(content && content->isReadOnly() && !content->toPlainText().isEmpty());
        }
        QVERIFY(supporting >= 1);
    }

    void anExecutedClaimMarksItsUnverifiedProofHonestly()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-2")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-2"));
        const QList<ProofRecordView *> proofs = cora->workspace()->comparison()->proofViews();
        bool claimedSeen = false;
        for (ProofRecordView *p : proofs) {
            if (p->support() != ProofRecordView::Support::NotClaimed)
                claimedSeen = true;
        }
        QVERIFY(claimedSeen);
    }

    void aProposalForAnArticleWithAnActiveRevisionShowsTheFieldDiff()
    {
        UiFixture f;
        auto cora = f.window(QStringLiteral("cora"));
        QVERIFY(UiFixture::select(*cora, QStringLiteral("PR-5")));
        QTRY_COMPARE(cora->workspace()->proposalId(), QStringLiteral("PR-5"));
        auto *claim = cora->findChild<QTextBrowser *>(QStringLiteral("claimView"));
        QVERIFY2(claim->toPlainText().contains(QStringLiteral("What changes in KB-12")),
                 qPrintable(claim->toPlainText()));
        QVERIFY(claim->toPlainText().contains(QStringLiteral("substantive")));
    }

    void wordDiffMarksRemovedAndAddedWordsAndEscapesText()
    {
        const QString html =
            RevisionDiff::wordDiffHtml(QStringLiteral("rerun the <b>batch</b> now"),
                                       QStringLiteral("rerun the posting service now"));
        QVERIFY(html.contains(QStringLiteral("line-through")));
        QVERIFY(html.contains(QStringLiteral("&lt;b&gt;batch&lt;/b&gt;")));
        QVERIFY(html.contains(QStringLiteral("posting")));
        RevisionRecord a;
        a.outcome = QStringLiteral("row recreated");
        a.title = QStringLiteral("Old");
        RevisionRecord b = a;
        b.title = QStringLiteral("New");
        const auto changed = RevisionDiff::changedFields(a, b);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().key, QStringLiteral("title"));
        QVERIFY(!changed.first().substantive);
    }
};

QTEST_MAIN(ComparisonTest)
#include "tst_comparison.moc"
