// The German build shows German menus, docks and refusals, while the CLI,
// which installs no translator, keeps its English contract; and every message
// of every translation is finished, so no half-English window ships.

#include "Access.h"
#include "DecisionPanel.h"
#include "Erasure.h"
#include "EvaluationRunner.h"
#include "ProposalWorkspace.h"
#include "ReviewSubject.h"
#include "TestPaths.h"
#include "Translations.h"
#include "UiFixture.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace cw;
using namespace cw::test;
using namespace Qt::StringLiterals;

namespace {

void removeTranslators()
{
    for (QTranslator *t : qApp->findChildren<QTranslator *>(Qt::FindDirectChildrenOnly)) {
        QCoreApplication::removeTranslator(t);
        delete t;
    }
}

QStringList menuTitles(const MainWindow &w)
{
    QStringList titles;
    for (const QAction *a : w.menuBar()->actions())
        titles << a->text();
    return titles;
}

QString approveTip(const MainWindow &w)
{
    return w.findChild<QAction *>(u"approveAction"_s)->toolTip();
}

// One message of a .ts file, with what is wrong with it, if anything.
struct TsMessage
{
    QString context;
    QString source;
    QStringList translations; // the text, numerus forms run together
    QString type;             // unfinished, vanished, obsolete or empty
};

QList<TsMessage> readTs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QList<TsMessage> messages;
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == "name"_L1) {
            context = xml.readElementText();
        } else if (name == "message"_L1) {
            current = TsMessage{context, {}, {}, {}};
        } else if (name == "source"_L1) {
            current.source = xml.readElementText();
        } else if (name == "translation"_L1) {
            current.type = xml.attributes().value("type"_L1).toString();
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            current.translations = {text};
            messages << current;
        }
    }
    if (xml.hasError())
        qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return messages;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(u"%(\\d+|n|v|m)"_s);
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.removeDuplicates();
    found.sort();
    return found;
}

// What is wrong with the messages of a .ts file, one line each.
QStringList problems(const QString &path)
{
    QStringList wrong;
    for (const TsMessage &m : readTs(path)) {
        const QString where = m.context + u": \""_s + m.source + u'"';
        if (!m.type.isEmpty())
            wrong << m.type + u" — "_s + where;
        else if (m.translations.join(QString()).trimmed().isEmpty() &&
                 !m.source.trimmed().isEmpty())
            wrong << u"empty — "_s + where;
        else if (placeholders(m.translations.join(QString())) != placeholders(m.source))
            wrong << u"placeholders differ — "_s + where;
    }
    return wrong;
}

QStringList tsFiles()
{
    const QDir dir(TestPaths::source("translations"));
    QStringList files;
    for (const QString &name : dir.entryList({u"*.ts"_s}, QDir::Files))
        files << dir.filePath(name);
    return files;
}

} // namespace

class TranslationTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { removeTranslators(); }

    void theGermanWindowShowsGermanMenusAndDocks()
    {
        QVERIFY(installTranslations(*qApp, QLocale(QLocale::German, QLocale::Germany)));
        UiFixture f;
        auto w = f.window(u"cora"_s);
        const QStringList titles = menuTitles(*w);
        for (const QString &title : {u"&Datei"_s, u"&Ansicht"_s, u"&Prüfung"_s, u"&Hilfe"_s})
            QVERIFY2(titles.contains(title), qPrintable(titles.join(u" | "_s)));
        QVERIFY2(!titles.contains(u"&File"_s), qPrintable(titles.join(u" | "_s)));
        auto *lag = w->findChild<QDockWidget *>(u"lagMonitorDock"_s);
        QVERIFY(lag);
        QCOMPARE(lag->windowTitle(), u"Rückstandsmonitor"_s);
    }

    void theEnglishWindowIsUnchangedWithoutATranslator()
    {
        UiFixture f;
        auto w = f.window(u"cora"_s);
        QVERIFY(menuTitles(*w).contains(u"&File"_s));
    }

    void aRefusalInTheGermanWindowIsGermanWhileTheCliStaysEnglish()
    {
        QVERIFY(installTranslations(*qApp, QLocale(QLocale::German)));
        UiFixture f;
        auto ana = f.window(u"ana"_s); // an analyst never decides
        QVERIFY(UiFixture::select(*ana, u"PR-1"_s));
        QTRY_COMPARE(ana->workspace()->proposalId(), u"PR-1"_s);
        QTRY_VERIFY(!ana->findChild<QAction *>(u"approveAction"_s)->isEnabled());
        QVERIFY2(approveTip(*ana).contains(u"Analysten entscheiden nie"_s),
                 qPrintable(approveTip(*ana)));

        // The same policy without a translator (as in the CLI process): English.
        auto db = f.open();
        auto subject = ReviewSubjects(*db).proposal(u"PR-1"_s);
        QVERIFY(subject);
        const Access access(*db, f.as(u"ana"_s));
        QVERIFY(access.mayReview(*subject, u"approve"_s)->message.contains(u"entscheiden nie"_s));
        removeTranslators();
        QVERIFY(access.mayReview(*subject, u"approve"_s)
                    ->message.contains(u"ana is an analyst; analysts never decide"_s));
    }

    void theErasureAndEvaluationRefusalsAreGermanToo()
    {
        UiFixture f;
        auto db = f.open();
        const Actor admin = f.as(u"admin"_s);
        auto refusal = [&] {
            auto erased =
                Erasure(*db, f.clock).eraseCase(admin, u"studio/nope/NOPE-1"_s, u"x"_s, true);
            return erased ? QString() : erased.refusal().message;
        };
        auto noSet = [&] {
            auto run = EvaluationRunner(*db, f.clock, admin).run(u"no-such-set"_s, {}, 10);
            return run ? QString() : run.refusal().message;
        };
        QVERIFY2(refusal().startsWith(u"no case studio/nope/NOPE-1 that admin may erase"_s),
                 qPrintable(refusal()));
        QVERIFY(noSet().startsWith(u"no query set"_s));
        QVERIFY(installTranslations(*qApp, QLocale(QLocale::German)));
        QVERIFY2(refusal().startsWith(u"kein Fall studio/nope/NOPE-1, den admin löschen darf"_s),
                 qPrintable(refusal()));
        QVERIFY2(noSet().startsWith(u"kein Abfrageset"_s), qPrintable(noSet()));
    }

    void theCliRefusesInEnglishWhateverTheLocale()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(u"demo.db"_s);
        auto run = [&](const QStringList &arguments) {
            QProcess cli;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *name : {"LANGUAGE", "LC_ALL", "LANG", "CW_LANGUAGE"})
                env.insert(QString::fromLatin1(name),
                           name == std::string_view("LANGUAGE") ||
                                   name == std::string_view("CW_LANGUAGE")
                               ? u"de"_s
                               : u"de_DE.UTF-8"_s);
            cli.setProcessEnvironment(env);
            cli.start(TestPaths::cliPath(), QStringList{u"--db"_s, db} + arguments);
            cli.waitForFinished(60000);
            return std::pair{cli.exitCode(), QString::fromUtf8(cli.readAllStandardError())};
        };
        QCOMPARE(run({u"demo"_s}).first, 0);
        const auto [code, err] = run({u"--as"_s, u"ana"_s, u"review"_s, u"approve"_s, u"PR-1"_s,
                                      u"--version"_s, u"1"_s, u"--reason"_s, u"checked"_s});
        QCOMPARE(code, 1);
        QVERIFY2(err.contains(u"analysts never decide"_s), qPrintable(err));
    }

    void everyTranslationIsCompiledIn()
    {
        const QStringList files = tsFiles();
        QVERIFY(!files.isEmpty());
        for (const QString &ts : files) {
            const QString qm = u":/i18n/"_s + QFileInfo(ts).completeBaseName() + u".qm"_s;
            QVERIFY2(QFile::exists(qm), qPrintable(qm));
        }
    }

    // After adding tr() strings: cmake --build BUILD --target update_translations,
    // then translate what it marked unfinished (docs/translations.md).
    void everyMessageOfEveryTranslationIsFinished()
    {
        for (const QString &ts : tsFiles()) {
            const QStringList wrong = problems(ts);
            QVERIFY2(wrong.isEmpty(), qPrintable(ts + u":\n"_s + wrong.join(u'\n')));
        }
    }

    // The .ts files know every string of the sources: lupdate over a copy
    // adds nothing. Fails when a tr() string was added without
    // update_translations and a translation.
    void theTranslationsCoverEveryStringOfTheSources()
    {
        QTemporaryDir dir;
        for (const QString &ts : tsFiles()) {
            const QString copy = dir.filePath(QFileInfo(ts).fileName());
            QVERIFY(QFile::copy(ts, copy));
            QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
            QProcess lupdate;
            lupdate.setWorkingDirectory(TestPaths::sourceDir());
            lupdate.start(QStringLiteral(CW_LUPDATE_PATH),
                          {u"-silent"_s, u"-no-obsolete"_s, u"-locations"_s, u"none"_s,
                           u"-extensions"_s, u"cpp,h"_s, u"ui"_s, u"app/gui"_s, u"model"_s,
                           u"-ts"_s, copy});
            QVERIFY(lupdate.waitForFinished(120000));
            QCOMPARE(lupdate.exitCode(), 0);
            const QStringList wrong = problems(copy);
            QVERIFY2(wrong.isEmpty(),
                     qPrintable(ts + u" lacks (run the update_translations target):\n"_s +
                                wrong.join(u'\n')));
        }
    }
};

QTEST_MAIN(TranslationTest)
#include "tst_translation.moc"
