<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ProjectorTasks</name>
    <message>
        <source>Nothing to apply: caught up at watermark %1.</source>
        <translation>Nichts anzuwenden: auf dem Stand von Watermark %1.</translation>
    </message>
    <message numerus="yes">
        <source>Applied %n event(s) (%1 dead-lettered); watermark %2.</source>
        <translation>
            <numerusform>%n Ereignis angewendet (%1 als Dead Letter); Watermark %2.</numerusform>
            <numerusform>%n Ereignisse angewendet (%1 als Dead Letter); Watermark %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rebuilt %n row(s) at head %1; %2 later event(s) applied; watermark %3 (%4 ms).</source>
        <translation>
            <numerusform>%n Zeile bei Head %1 neu aufgebaut; %2 spätere(s) Ereignis(se) angewendet; Watermark %3 (%4 ms).</numerusform>
            <numerusform>%n Zeilen bei Head %1 neu aufgebaut; %2 spätere(s) Ereignis(se) angewendet; Watermark %3 (%4 ms).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>identical: %n live row(s) match a rebuild at watermark %1.</source>
        <translation>
            <numerusform>identisch: %n Live-Zeile stimmt mit einem Neuaufbau bei Watermark %1 überein.</numerusform>
            <numerusform>identisch: %n Live-Zeilen stimmen mit einem Neuaufbau bei Watermark %1 überein.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s) between the live projection and a rebuild at watermark %1.</source>
        <translation>
            <numerusform>%n Unterschied zwischen der Live-Projektion und einem Neuaufbau bei Watermark %1.</numerusform>
            <numerusform>%n Unterschiede zwischen der Live-Projektion und einem Neuaufbau bei Watermark %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QDialog</name>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>&amp;Use suggestion</source>
        <translation>&amp;Vorschlag übernehmen</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Cannot open database</source>
        <translation>Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>off (kept)</source>
        <translation>aus (behalten)</translation>
    </message>
    <message>
        <source> days</source>
        <translation> Tage</translation>
    </message>
    <message>
        <source>[image: %1 &lt;%2&gt;]</source>
        <translation>[Bild: %1 &lt;%2&gt;]</translation>
    </message>
    <message>
        <source>no description</source>
        <translation>keine Beschreibung</translation>
    </message>
    <message>
        <source>%1 sends no notifications</source>
        <translation>%1 sendet keine Benachrichtigungen</translation>
    </message>
</context>
<context>
    <name>QProgressDialog</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>cw::AboutDialog</name>
    <message>
        <source>About Curation Workbench</source>
        <translation>Über Curation Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Curation Workbench&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Review experience proposals against their source cases and proof records, decide with a reason that is kept, watch projection lag, and try the retrieval engine agents use.&lt;/p&gt;&lt;p&gt;Free software under the MIT licence: use, copy, change and share it. The licence text is in the LICENSE file of the source and in /usr/share/doc/curation-workbench/copyright.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Curation Workbench&lt;/h3&gt;&lt;p&gt;Version %1&lt;/p&gt;&lt;p&gt;Erfahrungsvorschläge gegen ihre Quellfälle und Nachweise prüfen, mit einer Begründung entscheiden, die erhalten bleibt, die Verzögerung der Projektion beobachten und die Suchmaschine ausprobieren, die Agenten verwenden.&lt;/p&gt;&lt;p&gt;Freie Software unter der MIT-Lizenz: Sie dürfen sie verwenden, kopieren, ändern und weitergeben. Der Lizenztext steht in der Datei LICENSE der Quellen und in /usr/share/doc/curation-workbench/copyright.&lt;/p&gt;&lt;p&gt;Erstellt mit Qt %2, läuft mit Qt %3.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
</context>
<context>
    <name>cw::Access</name>
    <message>
        <source>%1 may filter only by its own tenants (%2); a tenant filter shows which proposals come from that tenant</source>
        <translation>%1 darf nur nach den eigenen Mandanten filtern (%2); ein Mandantenfilter zeigt, welche Vorschläge von diesem Mandanten stammen</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 may not %2 %3: its source case belongs to a tenant %1 does not read; a principal decides only on what it may read</source>
        <translation>%1 darf %3 nicht %2: sein Quellfall gehört zu einem Mandanten, den %1 nicht lesen darf; ein Prinzipal entscheidet nur über das, was er lesen darf</translation>
    </message>
    <message>
        <source>supersede %1 with</source>
        <translation>als Ersatz für %1 verwenden</translation>
    </message>
    <message>
        <source>the other must come from %1</source>
        <translation>die andere muss von %1 kommen</translation>
    </message>
    <message>
        <source>a domain owner of </source>
        <translation>einer/einem Domänenverantwortlichen von </translation>
    </message>
    <message>
        <source>a curator</source>
        <translation>einem Kurator</translation>
    </message>
    <message>
        <source>%1 already approved %2 as %3 at %4; one principal gives one sign-off, %5</source>
        <translation>%1 hat %2 bereits als %3 am %4 genehmigt; ein Prinzipal gibt eine Freigabe, %5</translation>
    </message>
    <message>
        <source>%1 already gave the %2 sign-off of %3 at %4 (acting as %5); one person gives one sign-off, even when acting as another principal: %6</source>
        <translation>%1 hat die Freigabe als %2 für %3 bereits am %4 gegeben (handelnd als %5); eine Person gibt eine Freigabe, auch wenn sie als anderer Prinzipal handelt: %6</translation>
    </message>
    <message>
        <source>the login %1 already gave the %2 sign-off of %3 at %4 (as %5); one login gives one sign-off, whichever principal it is mapped to now: %6</source>
        <translation>die Anmeldung %1 hat die Freigabe als %2 für %3 bereits am %4 gegeben (als %5); eine Anmeldung gibt eine Freigabe, welchem Prinzipal sie jetzt auch zugeordnet ist: %6</translation>
    </message>
    <message>
        <source>, another person</source>
        <translation>, einer anderen Person</translation>
    </message>
    <message>
        <source>memory use #%1 does not exist</source>
        <translation>Gedächtnisnutzung #%1 existiert nicht</translation>
    </message>
    <message>
        <source>%1 may not run evaluation queries as %2: running a query as another principal is for admins acting as themselves</source>
        <translation>%1 darf keine Evaluierungsabfragen als %2 ausführen: eine Abfrage als anderer Prinzipal auszuführen ist Admins vorbehalten, die als sie selbst handeln</translation>
    </message>
    <message>
        <source>only admins may erase; %1 is not an admin</source>
        <translation>nur Admins dürfen löschen; %1 ist kein Admin</translation>
    </message>
    <message>
        <source>no %1 that %2 may erase</source>
        <translation>%2 darf nichts dieser Art löschen: %1</translation>
    </message>
    <message>
        <source>only admins may apply or change retention; %1 is not an admin</source>
        <translation>nur Admins dürfen die Aufbewahrung anwenden oder ändern; %1 ist kein Admin</translation>
    </message>
    <message>
        <source>%1 may not re-verify %2: only the owners of domain %3 and admins may</source>
        <translation>%1 darf %2 nicht erneut verifizieren: nur die Verantwortlichen der Domäne %3 und Admins dürfen das</translation>
    </message>
    <message>
        <source>only admins may ingest or import; %1 is not an admin</source>
        <translation>nur Admins dürfen einlesen oder importieren; %1 ist kein Admin</translation>
    </message>
    <message>
        <source>only admins may ingest or import, and no principal is mapped to this OS user</source>
        <translation>nur Admins dürfen einlesen oder importieren, und diesem Betriebssystembenutzer ist kein Prinzipal zugeordnet</translation>
    </message>
    <message>
        <source>no principal is mapped to this OS user; only curators and admins may export memory</source>
        <translation>diesem Betriebssystembenutzer ist kein Prinzipal zugeordnet; nur Kuratoren und Admins dürfen das Gedächtnis exportieren</translation>
    </message>
    <message>
        <source>only curators and admins may export memory (an exported tree is read outside the workbench, under nobody&apos;s scope); %1 is %2</source>
        <translation>nur Kuratoren und Admins dürfen das Gedächtnis exportieren (ein exportierter Baum wird außerhalb der Workbench gelesen, ohne jede Berechtigungsgrenze); %1 ist %2</translation>
    </message>
    <message>
        <source>without a role</source>
        <translation>ohne Rolle</translation>
    </message>
    <message>
        <source>no role</source>
        <translation>keine Rolle</translation>
    </message>
    <message>
        <source>%1 owns %2, not %3</source>
        <translation>%1 ist verantwortlich für %2, nicht für %3</translation>
    </message>
    <message>
        <source>%1 is an admin (%2); admins administer but do not decide</source>
        <translation>%1 ist Admin (%2); Admins verwalten, entscheiden aber nicht</translation>
    </message>
    <message>
        <source>%1 is an analyst; analysts never decide</source>
        <translation>%1 ist Analyst; Analysten entscheiden nie</translation>
    </message>
    <message>
        <source>approve</source>
        <translation>genehmigen</translation>
    </message>
    <message>
        <source>reject</source>
        <translation>ablehnen</translation>
    </message>
    <message>
        <source>return</source>
        <translation>zurückgeben</translation>
    </message>
    <message>
        <source>edit</source>
        <translation>bearbeiten</translation>
    </message>
    <message>
        <source>supersede</source>
        <translation>ersetzen</translation>
    </message>
    <message>
        <source>retire</source>
        <translation>zurückziehen</translation>
    </message>
    <message>
        <source>%1 may not %2 %3: %4; only curators and domain owners of %5 review it</source>
        <translation>%1 darf %3 nicht %2: %4; nur Kuratoren und Domänenverantwortliche von %5 prüfen ihn</translation>
    </message>
    <message>
        <source>%1 owns %2 but is not a curator</source>
        <translation>%1 ist verantwortlich für %2, aber kein Kurator</translation>
    </message>
    <message>
        <source>%1 is a domain owner (of %2), not a curator</source>
        <translation>%1 ist Domänenverantwortliche(r) (von %2), kein Kurator</translation>
    </message>
    <message>
        <source>no domain</source>
        <translation>keine Domäne</translation>
    </message>
    <message>
        <source>%1 may not supersede %2: %3; only curators supersede</source>
        <translation>%1 darf %2 nicht ersetzen: %3; nur Kuratoren ersetzen</translation>
    </message>
    <message>
        <source>%1 may not retire %2: %3; only curators and domain owners of %4 retire it</source>
        <translation>%1 darf %2 nicht zurückziehen: %3; nur Kuratoren und Domänenverantwortliche von %4 ziehen ihn zurück</translation>
    </message>
    <message>
        <source>%1 may not edit %2: %3; only its proposer (%4), curators and domain owners of %5 edit it</source>
        <translation>%1 darf %2 nicht bearbeiten: %3; nur der Vorschlagende (%4), Kuratoren und Domänenverantwortliche von %5 bearbeiten ihn</translation>
    </message>
    <message>
        <source>approved it</source>
        <translation>hat genehmigt</translation>
    </message>
    <message>
        <source>rejected it</source>
        <translation>hat abgelehnt</translation>
    </message>
    <message>
        <source>returned it</source>
        <translation>hat zurückgegeben</translation>
    </message>
    <message>
        <source>edited it</source>
        <translation>hat bearbeitet</translation>
    </message>
    <message>
        <source>superseded it</source>
        <translation>hat ersetzt</translation>
    </message>
    <message>
        <source>published it</source>
        <translation>hat veröffentlicht</translation>
    </message>
    <message>
        <source>retired it</source>
        <translation>hat zurückgezogen</translation>
    </message>
    <message>
        <source>ingested it</source>
        <translation>hat eingelesen</translation>
    </message>
    <message>
        <source>changed it (%1)</source>
        <translation>hat geändert (%1)</translation>
    </message>
    <message>
        <source>no proposal %1</source>
        <translation>kein Vorschlag %1</translation>
    </message>
    <message>
        <source>proposal %1 has no revision</source>
        <translation>Vorschlag %1 hat keine Revision</translation>
    </message>
    <message>
        <source>proposal %1 has no article</source>
        <translation>Vorschlag %1 hat keinen Artikel</translation>
    </message>
    <message>
        <source>no article %1</source>
        <translation>kein Artikel %1</translation>
    </message>
    <message>
        <source>%1 has no version %2; it is at version %3</source>
        <translation>%1 hat keine Version %2; es ist Version %3</translation>
    </message>
    <message>
        <source>%1 %2 at %3</source>
        <translation>%1 %2 (%3)</translation>
    </message>
    <message>
        <source>last changed by %1 at %2</source>
        <translation>zuletzt geändert von %1 am %2</translation>
    </message>
    <message>
        <source>; %1 changes since, this is the latest</source>
        <translation>; %1 Änderungen seitdem, dies ist die neueste</translation>
    </message>
    <message>
        <source>a curator and a domain owner of </source>
        <translation>einem Kurator und einer/einem Domänenverantwortlichen von </translation>
    </message>
    <message>
        <source>%1 revises %2, not %3</source>
        <translation>%1 überarbeitet %2, nicht %3</translation>
    </message>
    <message>
        <source>%1 has no active revision to supersede; %2 activates with its second sign-off when nothing is active</source>
        <translation>%1 hat keine aktive Revision, die ersetzt werden könnte; %2 wird mit seiner zweiten Freigabe aktiv, wenn nichts aktiv ist</translation>
    </message>
    <message>
        <source>%1 is already the active revision of %2: %3 published it at %4</source>
        <translation>%1 ist bereits die aktive Revision von %2: %3 hat sie am %4 veröffentlicht</translation>
    </message>
    <message>
        <source>%1 is not approved yet: waiting for %2</source>
        <translation>%1 ist noch nicht genehmigt: wartet auf %2</translation>
    </message>
    <message>
        <source>%1 is %2, not approved; only an approved revision can supersede</source>
        <translation>%1 ist %2, nicht genehmigt; nur eine genehmigte Revision kann ersetzen</translation>
    </message>
    <message>
        <source>%1 lacks a current sign-off from %2</source>
        <translation>%1 fehlt eine aktuelle Freigabe von %2</translation>
    </message>
    <message>
        <source>%1 has no active revision; nothing to retire</source>
        <translation>%1 hat keine aktive Revision; nichts zurückzuziehen</translation>
    </message>
    <message>
        <source> by %1 at %2 (&quot;%3&quot;)</source>
        <translation> von %1 am %2 („%3“)</translation>
    </message>
    <message>
        <source>%1 was rejected%2 and stays a rejected route; a rejected revision can never be approved, changed or activated</source>
        <translation>%1 wurde%2 abgelehnt und bleibt ein abgelehnter Weg; eine abgelehnte Revision kann nie genehmigt, geändert oder aktiviert werden</translation>
    </message>
    <message>
        <source>%1 is already published: %2 revision %3 is %4; propose a new revision to change it</source>
        <translation>%1 ist bereits veröffentlicht: %2 Revision %3 ist %4; schlagen Sie eine neue Revision vor, um sie zu ändern</translation>
    </message>
    <message>
        <source>%1 already has both sign-offs; %2 revision %3 waits for `supersede %2 --with %1`</source>
        <translation>%1 hat bereits beide Freigaben; %2 Revision %3 wartet auf `supersede %2 --with %1`</translation>
    </message>
    <message>
        <source>%1 was returned to its proposer (%2)%3; an edit puts it back to pending</source>
        <translation>%1 wurde an den Vorschlagenden (%2) zurückgegeben%3; eine Bearbeitung setzt ihn wieder auf ausstehend</translation>
    </message>
    <message>
        <source> by %1 at %2</source>
        <translation> von %1 am %2</translation>
    </message>
    <message>
        <source>%1: the title may not be empty</source>
        <translation>%1: der Titel darf nicht leer sein</translation>
    </message>
    <message>
        <source>%1: proof level &quot;%2&quot; is not one of verified, executed, proposed</source>
        <translation>%1: Nachweisstufe „%2“ ist keine von verified, executed, proposed</translation>
    </message>
    <message>
        <source>%1: versions: %2</source>
        <translation>%1: Versionen: %2</translation>
    </message>
    <message>
        <source>a rejected revision stays labelled as it was rejected</source>
        <translation>eine abgelehnte Revision bleibt so beschriftet, wie sie abgelehnt wurde</translation>
    </message>
    <message>
        <source>a published revision changes only by a new proposal that supersedes it</source>
        <translation>eine veröffentlichte Revision ändert sich nur durch einen neuen Vorschlag, der sie ersetzt</translation>
    </message>
    <message>
        <source>%1 is %2 and cannot be edited: %3</source>
        <translation>%1 ist %2 und kann nicht bearbeitet werden: %3</translation>
    </message>
    <message>
        <source>%1: the edit changes nothing</source>
        <translation>%1: die Bearbeitung ändert nichts</translation>
    </message>
    <message>
        <source>%1 changed since version %2: %3 (now version %4%5); nothing was changed, review it again.</source>
        <translation>%1 hat sich seit Version %2 geändert: %3 (jetzt Version %4%5); nichts wurde geändert, bitte erneut prüfen.</translation>
    </message>
    <message>
        <source>only admins may copy a whole database; %1 is not an admin</source>
        <translation>nur Admins dürfen eine ganze Datenbank kopieren; %1 ist kein Admin</translation>
    </message>
</context>
<context>
    <name>cw::CandidateTableModel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation>Ref@Rev</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>Nachweis</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>Markierungen</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Similarity reason</source>
        <translation>Ähnlichkeitsgrund</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <source>no flags</source>
        <translation>keine Markierungen</translation>
    </message>
    <message>
        <source>flags: %1</source>
        <translation>Markierungen: %1</translation>
    </message>
</context>
<context>
    <name>cw::CandidateTextView</name>
    <message>
        <source>Candidate text</source>
        <translation>Kandidatentext</translation>
    </message>
    <message>
        <source>Select a candidate to read its text.</source>
        <translation>Wählen Sie einen Kandidaten, um seinen Text zu lesen.</translation>
    </message>
    <message>
        <source>Candidate text, Markdown source</source>
        <translation>Kandidatentext, Markdown-Quelltext</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>proof %1</source>
        <translation>Nachweis %1</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>Excerpt</source>
        <translation>Auszug</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Text</translation>
    </message>
</context>
<context>
    <name>cw::ComparePanel</name>
    <message>
        <source>Compare strategies</source>
        <translation>Strategien vergleichen</translation>
    </message>
    <message>
        <source>Choose two strategies and compare them on the same input.</source>
        <translation>Wählen Sie zwei Strategien und vergleichen Sie sie mit derselben Eingabe.</translation>
    </message>
    <message>
        <source>Comparing (#%1)…</source>
        <translation>Vergleiche (#%1)…</translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation>Der Vergleich ist fehlgeschlagen: %1</translation>
    </message>
    <message numerus="yes">
        <source>A: %1 — %n candidate(s)</source>
        <translation>
            <numerusform>A: %1 — %n Kandidat</numerusform>
            <numerusform>A: %1 — %n Kandidaten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 — %n candidate(s)</source>
        <translation>
            <numerusform>B: %1 — %n Kandidat</numerusform>
            <numerusform>B: %1 — %n Kandidaten</numerusform>
        </translation>
    </message>
    <message>
        <source>Watermark A %1, B %2 · canonical head %3</source>
        <translation>Watermark A %1, B %2 · kanonischer Head %3</translation>
    </message>
</context>
<context>
    <name>cw::ComparisonModel</name>
    <message>
        <source>in both</source>
        <translation>in beiden</translation>
    </message>
    <message>
        <source>only in A</source>
        <translation>nur in A</translation>
    </message>
    <message>
        <source>only in B</source>
        <translation>nur in B</translation>
    </message>
    <message>
        <source> — lag: %1</source>
        <translation> — Rückstand: %1</translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation>Ref@Rev</translation>
    </message>
    <message>
        <source>Rank A</source>
        <translation>Rang A</translation>
    </message>
    <message>
        <source>Rank B</source>
        <translation>Rang B</translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation>B gegenüber A</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Unterschied</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
</context>
<context>
    <name>cw::ComparisonView</name>
    <message>
        <source>Claim</source>
        <translation>Aussage</translation>
    </message>
    <message>
        <source>Select a proposal to see its claim and evidence.</source>
        <translation>Wählen Sie einen Vorschlag, um seine Aussage und die Belege zu sehen.</translation>
    </message>
    <message>
        <source>Source case</source>
        <translation>Quellfall</translation>
    </message>
    <message>
        <source>What changes in %1 r%2 (active)</source>
        <translation>Was sich in %1 r%2 (aktiv) ändert</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Belege</translation>
    </message>
    <message>
        <source>Body</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>This revision has no body.</source>
        <translation>Diese Revision hat keinen Text.</translation>
    </message>
</context>
<context>
    <name>cw::ConnectServerDialog</name>
    <message>
        <source>Connect to Server</source>
        <translation>Mit Server verbinden</translation>
    </message>
    <message>
        <source>Work on a team&apos;s PostgreSQL database. The server decides who you are: the database role you connect as names your principal.</source>
        <translation>In der PostgreSQL-Datenbank eines Teams arbeiten. Der Server entscheidet, wer Sie sind: die Datenbankrolle, mit der Sie sich verbinden, benennt Ihren Prinzipal.</translation>
    </message>
    <message>
        <source>Server location</source>
        <translation>Serveradresse</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>&amp;Server:</translation>
    </message>
    <message>
        <source>&lt;code&gt;postgresql://user@host:port/database&lt;/code&gt;, &lt;code&gt;postgres://…&lt;/code&gt; or &lt;code&gt;service=NAME&lt;/code&gt; (pg_service.conf). A password is best kept in &lt;code&gt;~/.pgpass&lt;/code&gt;; one written in the location is used to connect but never remembered or shown.</source>
        <translation>&lt;code&gt;postgresql://user@host:port/database&lt;/code&gt;, &lt;code&gt;postgres://…&lt;/code&gt; oder &lt;code&gt;service=NAME&lt;/code&gt; (pg_service.conf). Ein Passwort steht am besten in &lt;code&gt;~/.pgpass&lt;/code&gt;; eines in der Adresse wird zum Verbinden benutzt, aber nie gespeichert oder angezeigt.</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>&amp;Verbinden</translation>
    </message>
    <message>
        <source>This is not a server location. Write it as postgresql://user@host:port/database or service=NAME; a database file opens with File › Open Database…</source>
        <translation>Das ist keine Serveradresse. Schreiben Sie postgresql://user@host:port/database oder service=NAME; eine Datenbankdatei öffnet Datei › Datenbank öffnen…</translation>
    </message>
</context>
<context>
    <name>cw::DecisionPanel</name>
    <message>
        <source>&amp;Approve…</source>
        <translation>&amp;Genehmigen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation>Ctrl+Shift+A</translation>
    </message>
    <message>
        <source>Re&amp;ject…</source>
        <translation>&amp;Ablehnen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+J</source>
        <translation>Ctrl+Shift+J</translation>
    </message>
    <message>
        <source>Re&amp;turn…</source>
        <translation>&amp;Zurückgeben…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+T</source>
        <translation>Ctrl+Shift+T</translation>
    </message>
    <message>
        <source>&amp;Supersede active…</source>
        <translation>Aktive &amp;ersetzen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation>Ctrl+Shift+S</translation>
    </message>
    <message>
        <source>R&amp;etire active…</source>
        <translation>Aktive zu&amp;rückziehen…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation>Ctrl+Shift+E</translation>
    </message>
    <message>
        <source>Refusal</source>
        <translation>Ablehnungsgrund</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Genehmigungen</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>A&amp;pprovals</source>
        <translation>Ge&amp;nehmigungen</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;Verlauf</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;History (%1)</source>
        <translation>&amp;Verlauf (%1)</translation>
    </message>
    <message>
        <source>no proposal is selected</source>
        <translation>kein Vorschlag ausgewählt</translation>
    </message>
    <message>
        <source>no principal is mapped to you</source>
        <translation>Ihnen ist kein Prinzipal zugeordnet</translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation>Jetzt nicht: %1</translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation>%1 als %2</translation>
    </message>
    <message>
        <source>Rejected by %1 at %2: %3</source>
        <translation>Abgelehnt von %1 am %2: %3</translation>
    </message>
    <message>
        <source>Returned by %1 at %2: %3</source>
        <translation>Zurückgegeben von %1 am %2: %3</translation>
    </message>
    <message>
        <source>Approvals so far</source>
        <translation>Bisherige Genehmigungen</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <source>outdated: %1</source>
        <translation>veraltet: %1</translation>
    </message>
    <message>
        <source>current</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>Someone else decided first: %1 The proposal was reloaded; your reason is kept for when you decide again.</source>
        <translation>Jemand anderes hat zuerst entschieden: %1 Der Vorschlag wurde neu geladen; Ihre Begründung bleibt für die nächste Entscheidung erhalten.</translation>
    </message>
    <message>
        <source>You may not do this: %1</source>
        <translation>Das dürfen Sie nicht: %1</translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation>Nicht möglich: %1</translation>
    </message>
    <message>
        <source>Not found: %1</source>
        <translation>Nicht gefunden: %1</translation>
    </message>
    <message>
        <source>Not recorded, nothing was written: %1</source>
        <translation>Nicht gespeichert, nichts wurde geschrieben: %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>Genehmigen</translation>
    </message>
    <message>
        <source>Why do you approve %1 (version %2)?</source>
        <translation>Warum genehmigen Sie %1 (Version %2)?</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>Why is %1 rejected? It stays visible as a rejected route.</source>
        <translation>Warum wird %1 abgelehnt? Der Vorschlag bleibt als abgelehnter Weg sichtbar.</translation>
    </message>
    <message>
        <source>Return</source>
        <translation>Zurückgeben</translation>
    </message>
    <message>
        <source>What should the proposer change in %1?</source>
        <translation>Was soll der Vorschlagende an %1 ändern?</translation>
    </message>
    <message>
        <source>Supersede</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Why does %1 replace the active revision %2 r%3?</source>
        <translation>Warum ersetzt %1 die aktive Revision %2 r%3?</translation>
    </message>
    <message>
        <source>Retire</source>
        <translation>Zurückziehen</translation>
    </message>
    <message>
        <source>Retire revision %1 r%2? It stops being current for everyone.</source>
        <translation>Revision %1 r%2 zurückziehen? Sie gilt dann für niemanden mehr als aktuell.</translation>
    </message>
    <message>
        <source>Why is %1 retired?</source>
        <translation>Warum wird %1 zurückgezogen?</translation>
    </message>
    <message>
        <source>on version %1</source>
        <translation>auf Version %1</translation>
    </message>
</context>
<context>
    <name>cw::DemoDatabase</name>
    <message>
        <source>curation-cli, which makes the demo, is neither beside the workbench nor on PATH. Install it (the curation-cli package), or run: curation-cli --db %1 demo</source>
        <translation>curation-cli, das die Demo erstellt, liegt weder neben der Workbench noch im PATH. Installieren Sie es (Paket curation-cli) oder führen Sie aus: curation-cli --db %1 demo</translation>
    </message>
    <message>
        <source>Creating the demo database %1…</source>
        <translation>Die Demo-Datenbank %1 wird erstellt…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Create Demo Database</source>
        <translation>Demo-Datenbank erstellen</translation>
    </message>
    <message>
        <source>curation-cli demo stopped (exit %1).</source>
        <translation>curation-cli demo wurde beendet (Exit-Code %1).</translation>
    </message>
    <message>
        <source>%1 could not be started.</source>
        <translation>%1 konnte nicht gestartet werden.</translation>
    </message>
</context>
<context>
    <name>cw::EraseCaseDialog</name>
    <message>
        <source>Show &amp;Dependencies</source>
        <translation>&amp;Abhängigkeiten anzeigen</translation>
    </message>
    <message>
        <source>Erase Case</source>
        <translation>Fall löschen</translation>
    </message>
    <message>
        <source>tenant/source_system/source_request</source>
        <translation>Mandant/Quellsystem/Quellanfrage</translation>
    </message>
    <message>
        <source>What the case left behind is listed here before anything is erased.</source>
        <translation>Was der Fall hinterlassen hat, wird hier aufgelistet, bevor etwas gelöscht wird.</translation>
    </message>
    <message>
        <source>Why (recorded in the audit)</source>
        <translation>Warum (wird im Audit-Protokoll vermerkt)</translation>
    </message>
    <message>
        <source>&amp;Case:</source>
        <translation>&amp;Fall:</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>&amp;Begründung:</translation>
    </message>
    <message>
        <source>&amp;Erase</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Everything below is removed or rewritten in one transaction. Backups made before still hold it.</source>
        <translation>Alles Folgende wird in einer Transaktion entfernt oder umgeschrieben. Ältere Sicherungen enthalten es weiterhin.</translation>
    </message>
    <message>
        <source>Erased %1 (audit #%2).</source>
        <translation>%1 gelöscht (Audit #%2).</translation>
    </message>
</context>
<context>
    <name>cw::Erasure</name>
    <message>
        <source>&apos;%1&apos; is not a case reference (tenant/source_system/source_request)</source>
        <translation>„%1“ ist keine Fallreferenz (tenant/source_system/source_request)</translation>
    </message>
    <message>
        <source>no case %1 that %2 may erase</source>
        <translation>kein Fall %1, den %2 löschen darf</translation>
    </message>
    <message>
        <source>no tenant %1 that %2 may erase</source>
        <translation>kein Mandant %1, den %2 löschen darf</translation>
    </message>
    <message>
        <source>an erasure needs a reason (--reason TEXT)</source>
        <translation>eine Löschung braucht eine Begründung (--reason TEXT)</translation>
    </message>
</context>
<context>
    <name>cw::ErasureMenu</name>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Erase Case…</source>
        <translation>Fall &amp;löschen…</translation>
    </message>
    <message>
        <source>&amp;Retention…</source>
        <translation>&amp;Aufbewahrung…</translation>
    </message>
    <message>
        <source>no principal is mapped to this login</source>
        <translation>dieser Anmeldung ist kein Prinzipal zugeordnet</translation>
    </message>
    <message>
        <source>Remove a case and everything derived from it</source>
        <translation>Einen Fall und alles daraus Abgeleitete entfernen</translation>
    </message>
</context>
<context>
    <name>cw::EvalChartView</name>
    <message>
        <source>Metric across stored runs</source>
        <translation>Metrik über gespeicherte Läufe</translation>
    </message>
    <message>
        <source>run number</source>
        <translation>Laufnummer</translation>
    </message>
    <message>
        <source>%1 across stored runs</source>
        <translation>%1 über gespeicherte Läufe</translation>
    </message>
</context>
<context>
    <name>cw::EvalComparisonModel</name>
    <message>
        <source>Below %1: unlikely to be chance</source>
        <translation>Unter %1: kaum Zufall</translation>
    </message>
    <message>
        <source>%1 or above: could be chance</source>
        <translation>%1 oder darüber: könnte Zufall sein</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Metrik</translation>
    </message>
    <message>
        <source>A (run %1)</source>
        <translation>A (Lauf %1)</translation>
    </message>
    <message>
        <source>B (run %1)</source>
        <translation>B (Lauf %1)</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>p-value</source>
        <translation>p-Wert</translation>
    </message>
    <message>
        <source>Queries</source>
        <translation>Abfragen</translation>
    </message>
</context>
<context>
    <name>cw::EvalMetricsModel</name>
    <message>
        <source>pairs held</source>
        <translation>gehaltene Paare</translation>
    </message>
    <message>
        <source>latency p50 (ms)</source>
        <translation>Latenz p50 (ms)</translation>
    </message>
    <message>
        <source>latency p95 (ms)</source>
        <translation>Latenz p95 (ms)</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Information-retrieval metric over the graded judgments</source>
        <translation>Information-Retrieval-Metrik über die abgestuften Urteile</translation>
    </message>
    <message>
        <source>The seed&apos;s measure, checked against canonical state</source>
        <translation>Das Maß des Seeds, geprüft gegen den kanonischen Stand</translation>
    </message>
    <message>
        <source>IR</source>
        <translation>IR</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Maß</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>%1
run %2</source>
        <translation>%1
Lauf %2</translation>
    </message>
</context>
<context>
    <name>cw::EvalQueriesModel</name>
    <message>
        <source>not shown: it ran as %1</source>
        <translation>nicht angezeigt: lief als %1</translation>
    </message>
    <message>
        <source>Double-click to open %1 in the query panel with its trace</source>
        <translation>Doppelklick öffnet %1 im Abfragebereich mit seiner Ablaufspur</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>As</source>
        <translation>Als</translation>
    </message>
    <message>
        <source>nDCG@%1</source>
        <translation>nDCG@%1</translation>
    </message>
    <message>
        <source>Evidence recall</source>
        <translation>Beleg-Recall</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Befunde</translation>
    </message>
    <message>
        <source>Ranked list (stored)</source>
        <translation>Rangliste (gespeichert)</translation>
    </message>
</context>
<context>
    <name>cw::EvalQueryComparisonModel</name>
    <message>
        <source>tie</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>A %1</source>
        <translation>A %1</translation>
    </message>
    <message>
        <source>B %1</source>
        <translation>B %1</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Siege</translation>
    </message>
    <message>
        <source>RBO</source>
        <translation>RBO</translation>
    </message>
</context>
<context>
    <name>cw::EvalRunsModel</name>
    <message>
        <source>drifted: %1</source>
        <translation>abgewichen: %1</translation>
    </message>
    <message>
        <source>current</source>
        <translation>aktuell</translation>
    </message>
    <message>
        <source>Run %1 has drifted since it ran: %2. Its figures no longer describe today&apos;s set, strategy or projection.</source>
        <translation>Lauf %1 ist seit seiner Ausführung abgewichen: %2. Seine Zahlen beschreiben nicht mehr den heutigen Satz, die Strategie oder die Projektion.</translation>
    </message>
    <message>
        <source>Run %1: its set, strategy and projection are as they were.</source>
        <translation>Lauf %1: Satz, Strategie und Projektion sind unverändert.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>Strategie</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>At</source>
        <translation>Zeitpunkt</translation>
    </message>
    <message>
        <source>nDCG@k</source>
        <translation>nDCG@k</translation>
    </message>
    <message>
        <source>Pairs held</source>
        <translation>Gehaltene Paare</translation>
    </message>
    <message>
        <source>Signature</source>
        <translation>Signatur</translation>
    </message>
</context>
<context>
    <name>cw::EvaluationPanel</name>
    <message>
        <source>Evaluation</source>
        <translation>Evaluierung</translation>
    </message>
    <message>
        <source>Measures per strategy</source>
        <translation>Maße je Strategie</translation>
    </message>
    <message>
        <source>&amp;Measures</source>
        <translation>&amp;Maße</translation>
    </message>
    <message>
        <source>Queries of the run</source>
        <translation>Abfragen des Laufs</translation>
    </message>
    <message>
        <source>&amp;Open in Query Panel</source>
        <translation>Im Abfragebereich &amp;öffnen</translation>
    </message>
    <message>
        <source>Run this query in the query panel, as you, and show its trace</source>
        <translation>Diese Abfrage im Abfragebereich als Sie selbst ausführen und ihre Ablaufspur zeigen</translation>
    </message>
    <message>
        <source>&amp;Queries</source>
        <translation>Ab&amp;fragen</translation>
    </message>
    <message>
        <source>Com&amp;parison</source>
        <translation>Ver&amp;gleich</translation>
    </message>
    <message>
        <source>C&amp;hart</source>
        <translation>&amp;Diagramm</translation>
    </message>
    <message>
        <source>Cannot read: %1</source>
        <translation>Lesen nicht möglich: %1</translation>
    </message>
    <message>
        <source>Query &amp;set:</source>
        <translation>Abfrage&amp;satz:</translation>
    </message>
    <message>
        <source>Query set</source>
        <translation>Abfragesatz</translation>
    </message>
    <message>
        <source>S&amp;trategies to run:</source>
        <translation>Auszuführende S&amp;trategien:</translation>
    </message>
    <message>
        <source>Strategies to run</source>
        <translation>Auszuführende Strategien</translation>
    </message>
    <message>
        <source>One run per checked strategy; none checked: one run with each query&apos;s own strategy</source>
        <translation>Ein Lauf je angehakter Strategie; keine angehakt: ein Lauf mit der eigenen Strategie jeder Abfrage</translation>
    </message>
    <message>
        <source>Cut-off &amp;k:</source>
        <translation>Grenze &amp;k:</translation>
    </message>
    <message>
        <source>&amp;Run Set</source>
        <translation>Satz &amp;ausführen</translation>
    </message>
    <message>
        <source>Score the set with the checked strategies, as you; the runs are stored</source>
        <translation>Den Satz mit den angehakten Strategien als Sie selbst bewerten; die Läufe werden gespeichert</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%v of %m queries</source>
        <translation>%v von %m Abfragen</translation>
    </message>
    <message>
        <source>Stored r&amp;uns (select one or more; two to compare):</source>
        <translation>Gespeicherte &amp;Läufe (einen oder mehrere wählen; zwei zum Vergleichen):</translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation>Gespeicherte Läufe</translation>
    </message>
    <message>
        <source>Compare &amp;Two Runs</source>
        <translation>&amp;Zwei Läufe vergleichen</translation>
    </message>
    <message>
        <source>The older selected run is A, the newer B</source>
        <translation>Der ältere ausgewählte Lauf ist A, der neuere B</translation>
    </message>
    <message>
        <source>Select two runs of the set and press Compare.</source>
        <translation>Wählen Sie zwei Läufe des Satzes und drücken Sie Vergleichen.</translation>
    </message>
    <message>
        <source>Per-metric comparison</source>
        <translation>Vergleich je Metrik</translation>
    </message>
    <message>
        <source>Per-query comparison</source>
        <translation>Vergleich je Abfrage</translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation>CSV e&amp;xportieren…</translation>
    </message>
    <message>
        <source>M&amp;etric:</source>
        <translation>M&amp;etrik:</translation>
    </message>
    <message>
        <source>one line per strategy version; hollow marks: drifted runs</source>
        <translation>eine Linie je Strategieversion; hohle Markierungen: abgewichene Läufe</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 (%n queries)</source>
        <translation>
            <numerusform>%1 — %2 (%n Abfrage)</numerusform>
            <numerusform>%1 — %2 (%n Abfragen)</numerusform>
        </translation>
    </message>
    <message>
        <source>No query sets stored yet: curation-cli eval import SET.jsonl stores one.</source>
        <translation>Noch keine Abfragesätze gespeichert: curation-cli eval import SET.jsonl speichert einen.</translation>
    </message>
    <message>
        <source>Running %1 with each query&apos;s own strategy, as %2…</source>
        <translation>Führe %1 mit der eigenen Strategie jeder Abfrage aus, als %2…</translation>
    </message>
    <message>
        <source>Running %1 with %2, as %3…</source>
        <translation>Führe %1 mit %2 aus, als %3…</translation>
    </message>
    <message>
        <source>Run cancelled: nothing was stored.</source>
        <translation>Lauf abgebrochen: nichts wurde gespeichert.</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>Nicht ausgeführt: %1</translation>
    </message>
    <message>
        <source>run %1 (%2)</source>
        <translation>Lauf %1 (%2)</translation>
    </message>
    <message>
        <source>Stored %1.</source>
        <translation>%1 gespeichert.</translation>
    </message>
    <message>
        <source>Comparing run %1 with run %2…</source>
        <translation>Vergleiche Lauf %1 mit Lauf %2…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>A = run %1 (%2), B = run %3 (%4). On %5: A wins %6, B wins %7, %8 tied. Mean rank-biased overlap (p = 0.9): %9. p-values from a paired randomization test (%10); * marks p &lt; 0.05.</source>
        <translation>A = Lauf %1 (%2), B = Lauf %3 (%4). Bei %5: A gewinnt %6, B gewinnt %7, %8 unentschieden. Mittlere rangverzerrte Überlappung (p = 0,9): %9. p-Werte aus einem gepaarten Randomisierungstest (%10); * markiert p &lt; 0,05.</translation>
    </message>
    <message>
        <source>every sign assignment</source>
        <translation>jede Vorzeichenbelegung</translation>
    </message>
    <message>
        <source>%1 sign flips, seed %2</source>
        <translation>%1 Vorzeichenwechsel, Seed %2</translation>
    </message>
    <message>
        <source>Query %1 is no longer in set %2 (the run has drifted).</source>
        <translation>Abfrage %1 ist nicht mehr in Satz %2 (der Lauf ist abgewichen).</translation>
    </message>
    <message>
        <source>Opened %1 in the query panel.</source>
        <translation>%1 im Abfragebereich geöffnet.</translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation>Vergleich exportieren</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV-Dateien (*.csv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Exported the comparison of runs %1 and %2 to %3.</source>
        <translation>Vergleich der Läufe %1 und %2 nach %3 exportiert.</translation>
    </message>
</context>
<context>
    <name>cw::EvaluationRunner</name>
    <message>
        <source>no query set &apos;%1&apos; (eval sets lists them)</source>
        <translation>kein Abfrageset „%1“ (eval sets listet sie auf)</translation>
    </message>
    <message>
        <source>no query set &apos;%1&apos;</source>
        <translation>kein Abfrageset „%1“</translation>
    </message>
    <message>
        <source>query %1: %2</source>
        <translation>Abfrage %1: %2</translation>
    </message>
    <message>
        <source>query %1: no principal &apos;%2&apos;</source>
        <translation>Abfrage %1: kein Prinzipal „%2“</translation>
    </message>
    <message>
        <source>cancelled: nothing was stored</source>
        <translation>abgebrochen: nichts wurde gespeichert</translation>
    </message>
</context>
<context>
    <name>cw::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Database…</source>
        <translation>&amp;Neue Datenbank…</translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation>Datenbank ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Import JSON Lines…</source>
        <translation>JSON Lines &amp;importieren…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>Import &amp;Memory Folder…</source>
        <translation>&amp;Gedächtnisordner importieren…</translation>
    </message>
    <message>
        <source>&amp;Export Queue as CSV…</source>
        <translation>Warteschlange als &amp;CSV exportieren…</translation>
    </message>
    <message>
        <source>Export Queue as &amp;JSON…</source>
        <translation>Warteschlange als &amp;JSON exportieren…</translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation>Ctrl+E</translation>
    </message>
    <message>
        <source>Export Queue as JSON &amp;Lines…</source>
        <translation>Warteschlange als JSON &amp;Lines exportieren…</translation>
    </message>
    <message>
        <source>&amp;Back Up Database…</source>
        <translation>Datenbank &amp;sichern…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>New Database</source>
        <translation>Neue Datenbank</translation>
    </message>
    <message>
        <source>Workbench databases (*.db *.sqlite)</source>
        <translation>Workbench-Datenbanken (*.db *.sqlite)</translation>
    </message>
    <message>
        <source>%1 already exists. Choose another name, or open it with Open.</source>
        <translation>%1 existiert bereits. Wählen Sie einen anderen Namen oder öffnen Sie die Datei mit Öffnen.</translation>
    </message>
    <message>
        <source>Open Database</source>
        <translation>Datenbank öffnen</translation>
    </message>
    <message>
        <source>Workbench databases (*.db *.sqlite);;All files (*)</source>
        <translation>Workbench-Datenbanken (*.db *.sqlite);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>%1: cancelled.</source>
        <translation>%1: abgebrochen.</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>Import</translation>
    </message>
    <message>
        <source>Import JSON Lines</source>
        <translation>JSON Lines importieren</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.ndjson)</source>
        <translation>JSON Lines (*.jsonl *.ndjson)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importiere %1…</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s).</source>
        <translation>
            <numerusform>%n Datensatz importiert.</numerusform>
            <numerusform>%n Datensätze importiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Import Memory Folder</source>
        <translation>Gedächtnisordner importieren</translation>
    </message>
    <message>
        <source>Imported %1 file(s), %2 revised, %3 unchanged, %4 not imported, %5 retired (file removed), %6 restored.</source>
        <translation>%1 Datei(en) importiert, %2 überarbeitet, %3 unverändert, %4 nicht importiert, %5 zurückgezogen (Datei entfernt), %6 wiederhergestellt.</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n weitere</numerusform>
            <numerusform>%n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Retired: %1.</source>
        <translation>Zurückgezogen: %1.</translation>
    </message>
    <message numerus="yes">
        <source>%n article(s) now from this folder.</source>
        <translation>
            <numerusform>%n Artikel stammt jetzt aus diesem Ordner.</numerusform>
            <numerusform>%n Artikel stammen jetzt aus diesem Ordner.</numerusform>
        </translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Export Queue</source>
        <translation>Warteschlange exportieren</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Exportiere nach %1…</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n proposal(s).</source>
        <translation>
            <numerusform>%n Vorschlag exportiert.</numerusform>
            <numerusform>%n Vorschläge exportiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Export</translation>
    </message>
    <message>
        <source>Back Up Database</source>
        <translation>Datenbank sichern</translation>
    </message>
    <message>
        <source>Backing up to %1…</source>
        <translation>Sichere nach %1…</translation>
    </message>
    <message>
        <source>Backed up to %1.</source>
        <translation>Gesichert nach %1.</translation>
    </message>
    <message>
        <source>Back up</source>
        <translation>Sichern</translation>
    </message>
    <message>
        <source>Create &amp;Demo Database…</source>
        <translation>&amp;Demo-Datenbank erstellen…</translation>
    </message>
    <message>
        <source>A new database with every review scenario, to try the workbench (you are its admin)</source>
        <translation>Eine neue Datenbank mit allen Prüfszenarien, um die Workbench auszuprobieren (Sie sind ihr Admin)</translation>
    </message>
    <message>
        <source>Create Demo Database</source>
        <translation>Demo-Datenbank erstellen</translation>
    </message>
    <message>
        <source>Connect to &amp;Server…</source>
        <translation>Mit &amp;Server verbinden…</translation>
    </message>
    <message>
        <source>Work on a team&apos;s PostgreSQL database</source>
        <translation>In der PostgreSQL-Datenbank eines Teams arbeiten</translation>
    </message>
    <message>
        <source>A server is backed up with pg_dump, or copied to a file with curation-cli copy --to FILE</source>
        <translation>Ein Server wird mit pg_dump gesichert oder mit curation-cli copy --to DATEI in eine Datei kopiert</translation>
    </message>
</context>
<context>
    <name>cw::HandbookWindow</name>
    <message>
        <source>Handbook</source>
        <translation>Handbuch</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>The handbook is missing from this build (%1).</source>
        <translation>Das Handbuch fehlt in diesem Build (%1).</translation>
    </message>
</context>
<context>
    <name>cw::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Handbook</source>
        <translation>&amp;Handbuch</translation>
    </message>
    <message>
        <source>&amp;About Curation Workbench</source>
        <translation>Ü&amp;ber Curation Workbench</translation>
    </message>
</context>
<context>
    <name>cw::HistoryModel</name>
    <message>
        <source>r%1</source>
        <translation>r%1</translation>
    </message>
    <message>
        <source> v%1→v%2</source>
        <translation> v%1→v%2</translation>
    </message>
    <message>
        <source> v%1</source>
        <translation> v%1</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Wann</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Gegenstand</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Wer</translation>
    </message>
    <message>
        <source>Acting as</source>
        <translation>Handelnd als</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Begründung</translation>
    </message>
</context>
<context>
    <name>cw::IntegrityWatch</name>
    <message>
        <source>Database damaged</source>
        <translation>Datenbank beschädigt</translation>
    </message>
    <message>
        <source>The daily check found damage in %1. Restore a backup; `curation-cli check` lists every problem.</source>
        <translation>Die tägliche Prüfung hat Schäden in %1 gefunden. Stellen Sie eine Sicherung wieder her; `curation-cli check` listet jedes Problem auf.</translation>
    </message>
</context>
<context>
    <name>cw::LagBadge</name>
    <message>
        <source>Projection lag</source>
        <translation>Projektionsrückstand</translation>
    </message>
    <message>
        <source>lag: reading…</source>
        <translation>Rückstand: wird gelesen…</translation>
    </message>
    <message>
        <source>lag unknown</source>
        <translation>Rückstand unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>watermark %1 / head %2 · %n pending</source>
        <translation>
            <numerusform>Watermark %1 / Head %2 · %n ausstehend</numerusform>
            <numerusform>Watermark %1 / Head %2 · %n ausstehend</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n dead letter(s)</source>
        <translation>
            <numerusform> · %n Dead Letter</numerusform>
            <numerusform> · %n Dead Letters</numerusform>
        </translation>
    </message>
    <message>
        <source>Oldest pending event: %1 s</source>
        <translation>Ältestes ausstehendes Ereignis: %1 s</translation>
    </message>
    <message>
        <source>%1: %2 pending</source>
        <translation>%1: %2 ausstehend</translation>
    </message>
    <message>
        <source>Projector: %1 events/s recently; last run %2</source>
        <translation>Projektor: zuletzt %1 Ereignisse/s; letzter Lauf %2</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
</context>
<context>
    <name>cw::LagChartView</name>
    <message>
        <source>Lag over time</source>
        <translation>Rückstand über die Zeit</translation>
    </message>
    <message>
        <source>canonical head</source>
        <translation>kanonischer Head</translation>
    </message>
    <message>
        <source>watermark</source>
        <translation>Watermark</translation>
    </message>
    <message>
        <source>events behind</source>
        <translation>Ereignisse im Rückstand</translation>
    </message>
    <message>
        <source>outbox seq</source>
        <translation>Outbox-Seq</translation>
    </message>
    <message>
        <source>behind</source>
        <translation>Rückstand</translation>
    </message>
    <message>
        <source>time</source>
        <translation>Uhrzeit</translation>
    </message>
</context>
<context>
    <name>cw::LagMonitorPanel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Lag monitor</source>
        <translation>Rückstandsmonitor</translation>
    </message>
    <message>
        <source>Canonical head:</source>
        <translation>Kanonischer Head:</translation>
    </message>
    <message>
        <source>Watermark:</source>
        <translation>Watermark:</translation>
    </message>
    <message>
        <source>Events behind:</source>
        <translation>Ereignisse im Rückstand:</translation>
    </message>
    <message>
        <source>Oldest pending:</source>
        <translation>Ältestes ausstehendes:</translation>
    </message>
    <message>
        <source>Dead letters:</source>
        <translation>Dead Letters:</translation>
    </message>
    <message>
        <source>Throughput:</source>
        <translation>Durchsatz:</translation>
    </message>
    <message>
        <source>Pending by domain:</source>
        <translation>Ausstehend je Domäne:</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Run the projector in this process until paused</source>
        <translation>Den Projektor in diesem Prozess laufen lassen, bis er pausiert wird</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pausieren</translation>
    </message>
    <message>
        <source>Stop after the current batch</source>
        <translation>Nach dem aktuellen Stapel anhalten</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>&amp;Einzelschritt</translation>
    </message>
    <message>
        <source>Apply one batch of at most %1 events</source>
        <translation>Einen Stapel von höchstens %1 Ereignissen anwenden</translation>
    </message>
    <message>
        <source>Re&amp;build</source>
        <translation>&amp;Neu aufbauen</translation>
    </message>
    <message>
        <source>Rebuild the projection from canonical state and swap it in</source>
        <translation>Die Projektion aus dem kanonischen Stand neu aufbauen und austauschen</translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation>&amp;Verifizieren</translation>
    </message>
    <message>
        <source>Compare the live projection with a rebuild (writes nothing)</source>
        <translation>Die Live-Projektion mit einem Neuaufbau vergleichen (schreibt nichts)</translation>
    </message>
    <message>
        <source>watermark %v of %m</source>
        <translation>Watermark %v von %m</translation>
    </message>
    <message>
        <source>Projector idle.</source>
        <translation>Projektor ruht.</translation>
    </message>
    <message>
        <source>Verify result</source>
        <translation>Ergebnis der Verifikation</translation>
    </message>
    <message>
        <source>Cannot read the lag: %1</source>
        <translation>Rückstand kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>none pending</source>
        <translation>nichts ausstehend</translation>
    </message>
    <message>
        <source>no projector runs yet</source>
        <translation>noch keine Projektorläufe</translation>
    </message>
    <message>
        <source>%1 events/s over the last %2 batches (last at %3)</source>
        <translation>%1 Ereignisse/s über die letzten %2 Stapel (zuletzt um %3)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message numerus="yes">
        <source>Paused after applying %n event(s).</source>
        <translation>
            <numerusform>Pausiert nach %n angewendetem Ereignis.</numerusform>
            <numerusform>Pausiert nach %n angewendeten Ereignissen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Projector running…</source>
        <translation>Projektor läuft…</translation>
    </message>
    <message>
        <source>Pausing after the current batch…</source>
        <translation>Pausiere nach dem aktuellen Stapel…</translation>
    </message>
    <message>
        <source>Applying one batch…</source>
        <translation>Wende einen Stapel an…</translation>
    </message>
    <message>
        <source>Rebuilding the projection from canonical state…</source>
        <translation>Baue die Projektion aus dem kanonischen Stand neu auf…</translation>
    </message>
    <message>
        <source>Verifying the live projection against a rebuild…</source>
        <translation>Verifiziere die Live-Projektion gegen einen Neuaufbau…</translation>
    </message>
    <message numerus="yes">
        <source>Projector running: %n event(s) applied, watermark %1.</source>
        <translation>
            <numerusform>Projektor läuft: %n Ereignis angewendet, Watermark %1.</numerusform>
            <numerusform>Projektor läuft: %n Ereignisse angewendet, Watermark %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>identisch</translation>
    </message>
    <message>
        <source>Rebuild the projection?</source>
        <translation>Projektion neu aufbauen?</translation>
    </message>
    <message>
        <source>Rebuild reads every published revision from canonical state, builds a new search projection and swaps it in for the live one.</source>
        <translation>Der Neuaufbau liest jede veröffentlichte Revision aus dem kanonischen Zustand, baut eine neue Suchprojektion und tauscht sie gegen die aktive aus.</translation>
    </message>
    <message>
        <source>It takes about as long as reading the whole canonical state: seconds on a small database, minutes on one with hundreds of thousands of revisions. The projector controls wait until it is done; searches keep using the live projection meanwhile.</source>
        <translation>Das dauert etwa so lange wie das Lesen des ganzen kanonischen Zustands: Sekunden bei einer kleinen Datenbank, Minuten bei einer mit Hunderttausenden von Revisionen. Die Projektor-Steuerung wartet, bis er fertig ist; Suchen verwenden so lange weiter die aktive Projektion.</translation>
    </message>
    <message>
        <source>&amp;Rebuild</source>
        <translation>&amp;Neu aufbauen</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Abbrechen</translation>
    </message>
</context>
<context>
    <name>cw::MainToolBar</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>Hauptwerkzeugleiste</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Import: %1</source>
        <translation>Importieren: %1</translation>
    </message>
</context>
<context>
    <name>cw::MainWindow</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>&amp;Find in Queue</source>
        <translation>In Warteschlange s&amp;uchen</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Prüfung</translation>
    </message>
    <message>
        <source>&amp;Next Proposal</source>
        <translation>&amp;Nächster Vorschlag</translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation>Alt+Down</translation>
    </message>
    <message>
        <source>&amp;Previous Proposal</source>
        <translation>&amp;Vorheriger Vorschlag</translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation>Alt+Up</translation>
    </message>
    <message>
        <source>Open &amp;First Proof</source>
        <translation>Ersten Nachweis ö&amp;ffnen</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>Only &amp;My Turn</source>
        <translation>Nur wo ich &amp;dran bin</translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation>Ctrl+Shift+M</translation>
    </message>
    <message>
        <source>View &amp;As</source>
        <translation>Ansehen a&amp;ls</translation>
    </message>
    <message>
        <source>Database file</source>
        <translation>Datenbankdatei</translation>
    </message>
    <message>
        <source>Proposals waiting for you (Review › Only My Turn shows them)</source>
        <translation>Vorschläge, die auf Sie warten (Prüfung › Nur wo ich dran bin zeigt sie)</translation>
    </message>
    <message>
        <source>Your turn: %1</source>
        <translation>Sie sind dran: %1</translation>
    </message>
    <message>
        <source>%1 acting as %2 (%3)</source>
        <translation>%1 handelt als %2 (%3)</translation>
    </message>
    <message>
        <source>Signed in as %1 (%2)</source>
        <translation>Angemeldet als %1 (%2)</translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation>Datenbank kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>My Domains</source>
        <translation>Meine Domänen</translation>
    </message>
    <message>
        <source>My &amp;Domains</source>
        <translation>Meine &amp;Domänen</translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation>Ctrl+1</translation>
    </message>
    <message>
        <source>Lag Monitor</source>
        <translation>Rückstandsmonitor</translation>
    </message>
    <message>
        <source>&amp;Lag Monitor</source>
        <translation>&amp;Rückstandsmonitor</translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation>Ctrl+2</translation>
    </message>
    <message>
        <source>Compare Strategies</source>
        <translation>Strategien vergleichen</translation>
    </message>
    <message>
        <source>&amp;Compare Strategies</source>
        <translation>&amp;Strategien vergleichen</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation>Evaluierung</translation>
    </message>
    <message>
        <source>E&amp;valuation</source>
        <translation>&amp;Evaluierung</translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation>Ctrl+5</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>&amp;Abfrage</translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation>Ctrl+3</translation>
    </message>
    <message>
        <source>Show &amp;Toolbar</source>
        <translation>&amp;Werkzeugleiste anzeigen</translation>
    </message>
    <message>
        <source>Query: needs a principal; none is mapped to your login</source>
        <translation>Abfrage: braucht einen Prinzipal; Ihrer Anmeldung ist keiner zugeordnet</translation>
    </message>
    <message>
        <source>Query: try the retrieval engine (%1)</source>
        <translation>Abfrage: die Suchmaschine ausprobieren (%1)</translation>
    </message>
    <message>
        <source>Query: try the retrieval engine</source>
        <translation>Abfrage: die Suchmaschine ausprobieren</translation>
    </message>
    <message>
        <source>No principal for %1</source>
        <translation>Kein Prinzipal für %1</translation>
    </message>
    <message>
        <source>service %1</source>
        <translation>Dienst %1</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 auf %2</translation>
    </message>
    <message>
        <source>PostgreSQL server</source>
        <translation>PostgreSQL-Server</translation>
    </message>
    <message>
        <source>No principal for database role %1</source>
        <translation>Kein Prinzipal für die Datenbankrolle %1</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>(unbekannt)</translation>
    </message>
    <message>
        <source>The database could not be opened.</source>
        <translation>Die Datenbank konnte nicht geöffnet werden.</translation>
    </message>
</context>
<context>
    <name>cw::MarkdownView</name>
    <message>
        <source>Raw</source>
        <translation>Quelltext</translation>
    </message>
    <message>
        <source>Show the Markdown source instead of the rendered text</source>
        <translation>Den Markdown-Quelltext statt des gesetzten Textes zeigen</translation>
    </message>
</context>
<context>
    <name>cw::OwnedArticlesModel</name>
    <message>
        <source>r%1</source>
        <translation>r%1</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Due for re-verification: %1</source>
        <translation>Fällig zur erneuten Verifikation: %1</translation>
    </message>
    <message>
        <source>Verified recently and in scope</source>
        <translation>Kürzlich verifiziert und im Geltungsbereich</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Geltungsbereich</translation>
    </message>
    <message>
        <source>Latest version seen</source>
        <translation>Neueste gesehene Version</translation>
    </message>
    <message>
        <source>Last verified</source>
        <translation>Zuletzt verifiziert</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>Zurückgegeben</translation>
    </message>
    <message>
        <source>Due for re-verification</source>
        <translation>Fällig zur erneuten Verifikation</translation>
    </message>
</context>
<context>
    <name>cw::OwnerPanel</name>
    <message>
        <source>&amp;Due for re-verification only</source>
        <translation>Nur &amp;fällige zur erneuten Verifikation</translation>
    </message>
    <message>
        <source>&amp;Retire selected…</source>
        <translation>Ausgewählte &amp;zurückziehen…</translation>
    </message>
    <message>
        <source>Articles in your domains</source>
        <translation>Artikel in Ihren Domänen</translation>
    </message>
    <message>
        <source>You own no domain, so there is nothing to look after here.</source>
        <translation>Sie sind für keine Domäne verantwortlich, daher gibt es hier nichts zu betreuen.</translation>
    </message>
    <message>
        <source>Loading the articles of %1…</source>
        <translation>Lade die Artikel von %1…</translation>
    </message>
    <message>
        <source>Could not load your articles: %1</source>
        <translation>Ihre Artikel konnten nicht geladen werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n active article(s) in %1; </source>
        <translation>
            <numerusform>%n aktiver Artikel in %1; </numerusform>
            <numerusform>%n aktive Artikel in %1; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n due for re-verification.</source>
        <translation>
            <numerusform>%n fällig zur erneuten Verifikation.</numerusform>
            <numerusform>%n fällig zur erneuten Verifikation.</numerusform>
        </translation>
    </message>
    <message>
        <source>Retire</source>
        <translation>Zurückziehen</translation>
    </message>
    <message>
        <source>Retire revision %1 r%2? It stops being current for everyone.</source>
        <translation>Revision %1 r%2 zurückziehen? Sie gilt dann für niemanden mehr als aktuell.</translation>
    </message>
    <message>
        <source>Retire %1</source>
        <translation>%1 zurückziehen</translation>
    </message>
    <message>
        <source>Why is %1 retired?</source>
        <translation>Warum wird %1 zurückgezogen?</translation>
    </message>
    <message>
        <source>Not retired: %1</source>
        <translation>Nicht zurückgezogen: %1</translation>
    </message>
</context>
<context>
    <name>cw::ProofRecordView</name>
    <message>
        <source>claimed · supports “%1”</source>
        <translation>beansprucht · stützt „%1“</translation>
    </message>
    <message>
        <source>claimed · does not support “%1” (result: %2)</source>
        <translation>beansprucht · stützt „%1“ nicht (Ergebnis: %2)</translation>
    </message>
    <message>
        <source>not claimed by the proposal</source>
        <translation>vom Vorschlag nicht beansprucht</translation>
    </message>
    <message>
        <source>Proof record %1</source>
        <translation>Nachweis %1</translation>
    </message>
</context>
<context>
    <name>cw::ProposalDetails</name>
    <message>
        <source>Arrivals</source>
        <translation>Eingänge</translation>
    </message>
    <message>
        <source>The linked proof records support the claimed proof level (%1).</source>
        <translation>Die verknüpften Nachweise stützen die beanspruchte Nachweisstufe (%1).</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Weg</translation>
    </message>
    <message>
        <source>Mechanism</source>
        <translation>Mechanismus</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Proof level</source>
        <translation>Nachweisstufe</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Grenzen</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>Geltungsbereich</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>Schlagwörter</translation>
    </message>
    <message>
        <source>Symptoms</source>
        <translation>Symptome</translation>
    </message>
    <message>
        <source>Effort</source>
        <translation>Aufwand</translation>
    </message>
    <message>
        <source>%1 h active · %2 h owner waiting (kept apart)</source>
        <translation>%1 h aktiv · %2 h Warten auf Verantwortliche (getrennt gezählt)</translation>
    </message>
    <message>
        <source>Source case redacted: you may not read cases of this tenant.</source>
        <translation>Quellfall geschwärzt: Sie dürfen Fälle dieses Mandanten nicht lesen.</translation>
    </message>
    <message>
        <source>No source case.</source>
        <translation>Kein Quellfall.</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Disposition</source>
        <translation>Verfügung</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Verantwortlich</translation>
    </message>
    <message>
        <source>Product</source>
        <translation>Produkt</translation>
    </message>
    <message numerus="yes">
        <source>version %1 (counts every change, sign-offs too) · text edited %n time(s)</source>
        <translation>
            <numerusform>Version %1 (zählt jede Änderung, auch Freigaben) · Text %n-mal bearbeitet</numerusform>
            <numerusform>Version %1 (zählt jede Änderung, auch Freigaben) · Text %n-mal bearbeitet</numerusform>
        </translation>
    </message>
    <message>
        <source>rev %1</source>
        <translation>Rev. %1</translation>
    </message>
</context>
<context>
    <name>cw::ProposalListModel</name>
    <message>
        <source>(redacted)</source>
        <translation>(geschwärzt)</translation>
    </message>
    <message>
        <source>%1 r%2</source>
        <translation>%1 r%2</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Proof</source>
        <translation>Nachweis</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Source case</source>
        <translation>Quellfall</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Proposed</source>
        <translation>Vorgeschlagen</translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation>Wartet auf</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>returned</source>
        <translation>zurückgegeben</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>genehmigt</translation>
    </message>
    <message>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>zurückgenommen</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verifiziert</translation>
    </message>
    <message>
        <source>executed</source>
        <translation>ausgeführt</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>vorgeschlagen</translation>
    </message>
</context>
<context>
    <name>cw::ProposalWorkspace</name>
    <message>
        <source>Select a proposal to see its claim beside the evidence.</source>
        <translation>Wählen Sie einen Vorschlag, um seine Aussage neben den Belegen zu sehen.</translation>
    </message>
    <message>
        <source>No principal is mapped to you, so details are hidden.</source>
        <translation>Ihnen ist kein Prinzipal zugeordnet, daher sind Details verborgen.</translation>
    </message>
    <message>
        <source>This proposal no longer exists.</source>
        <translation>Dieser Vorschlag existiert nicht mehr.</translation>
    </message>
</context>
<context>
    <name>cw::QueryForm</name>
    <message>
        <source>Strategy &amp;A:</source>
        <translation>Strategie &amp;A:</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>&amp;Strategie:</translation>
    </message>
    <message>
        <source>Strategy &amp;B:</source>
        <translation>Strategie &amp;B:</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>&amp;Text:</translation>
    </message>
    <message>
        <source>objective or symptom text</source>
        <translation>Ziel- oder Symptomtext</translation>
    </message>
    <message>
        <source>&amp;Case:</source>
        <translation>&amp;Fall:</translation>
    </message>
    <message>
        <source>tenant/source_system/request</source>
        <translation>Mandant/Quellsystem/Anfrage</translation>
    </message>
    <message>
        <source>Source &amp;identity:</source>
        <translation>Quell&amp;identität:</translation>
    </message>
    <message>
        <source>SYSTEM/REQUEST/REVISION</source>
        <translation>SYSTEM/ANFRAGE/REVISION</translation>
    </message>
    <message>
        <source>&amp;Domain:</source>
        <translation>&amp;Domäne:</translation>
    </message>
    <message>
        <source>requesting domain</source>
        <translation>anfragende Domäne</translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation>Schlag&amp;wörter:</translation>
    </message>
    <message>
        <source>comma separated</source>
        <translation>durch Komma getrennt</translation>
    </message>
    <message>
        <source>S&amp;ymptoms:</source>
        <translation>S&amp;ymptome:</translation>
    </message>
    <message>
        <source>symptom tags, comma separated</source>
        <translation>Symptom-Schlagwörter, durch Komma getrennt</translation>
    </message>
    <message>
        <source>E&amp;xplicit refs:</source>
        <translation>E&amp;xplizite Refs:</translation>
    </message>
    <message>
        <source>EXP-1, KB-3</source>
        <translation>EXP-1, KB-3</translation>
    </message>
    <message>
        <source>&amp;Product:</source>
        <translation>&amp;Produkt:</translation>
    </message>
    <message>
        <source>&amp;Version:</source>
        <translation>&amp;Version:</translation>
    </message>
    <message>
        <source>e.g. 5.1</source>
        <translation>z. B. 5.1</translation>
    </message>
    <message>
        <source>P&amp;urpose:</source>
        <translation>&amp;Zweck:</translation>
    </message>
    <message>
        <source>recorded</source>
        <translation>erfasst</translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation>Ver&amp;gleichen</translation>
    </message>
    <message>
        <source>&amp;Run query</source>
        <translation>Abfrage a&amp;usführen</translation>
    </message>
    <message>
        <source>Run (Ctrl+Return)</source>
        <translation>Ausführen (Ctrl+Return)</translation>
    </message>
    <message>
        <source>View as principal</source>
        <translation>Ansicht als Prinzipal</translation>
    </message>
    <message>
        <source>Admins only: run the query with another principal&apos;s scope</source>
        <translation>Nur Admins: die Abfrage mit dem Geltungsbereich eines anderen Prinzipals ausführen</translation>
    </message>
    <message>
        <source>(yourself)</source>
        <translation>(Sie selbst)</translation>
    </message>
    <message>
        <source>View &amp;as:</source>
        <translation>A&amp;nsicht als:</translation>
    </message>
    <message>
        <source>any</source>
        <translation>beliebig</translation>
    </message>
    <message>
        <source>&amp;Minimum proof:</source>
        <translation>&amp;Mindestnachweis:</translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation>&amp;Limit:</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>To&amp;ken budget:</source>
        <translation>To&amp;ken-Budget:</translation>
    </message>
    <message>
        <source>Answer from what was current at this time</source>
        <translation>Antworten mit dem, was zu diesem Zeitpunkt aktuell war</translation>
    </message>
    <message>
        <source>As o&amp;f:</source>
        <translation>Stand v&amp;om:</translation>
    </message>
    <message>
        <source>each strategy&apos;s default</source>
        <translation>Standard jeder Strategie</translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation>Standard (%1)</translation>
    </message>
    <message>
        <source>default (%1 tokens)</source>
        <translation>Standard (%1 Tokens)</translation>
    </message>
</context>
<context>
    <name>cw::QueryPanel</name>
    <message>
        <source>Query panel</source>
        <translation>Abfragebereich</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Verdict on the selected candidate:</source>
        <translation>Urteil über den ausgewählten Kandidaten:</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>applies</source>
        <translation>trifft zu</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>needs check</source>
        <translation>zu prüfen</translation>
    </message>
    <message>
        <source>reason (required)</source>
        <translation>Begründung (erforderlich)</translation>
    </message>
    <message>
        <source>Record &amp;verdict</source>
        <translation>&amp;Urteil speichern</translation>
    </message>
    <message>
        <source>Queries run as %1 (%2), viewed by %3</source>
        <translation>Abfragen laufen als %1 (%2), angesehen von %3</translation>
    </message>
    <message>
        <source>Queries run as %1 (%2)</source>
        <translation>Abfragen laufen als %1 (%2)</translation>
    </message>
    <message>
        <source>Running query #%1…</source>
        <translation>Führe Abfrage #%1 aus…</translation>
    </message>
    <message>
        <source>Query cancelled.</source>
        <translation>Abfrage abgebrochen.</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
    <message>
        <source>Recorded: %1 on %2@%3</source>
        <translation>Gespeichert: %1 zu %2@%3</translation>
    </message>
</context>
<context>
    <name>cw::QueryResultView</name>
    <message>
        <source>Run a query to see candidates.</source>
        <translation>Führen Sie eine Abfrage aus, um Kandidaten zu sehen.</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Kandidaten</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>What happened</source>
        <translation>Was geschah</translation>
    </message>
    <message>
        <source>Relation</source>
        <translation>Beziehung</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>Fall</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation>Ref@Rev</translation>
    </message>
    <message>
        <source>Why dropped</source>
        <translation>Warum verworfen</translation>
    </message>
    <message>
        <source>Stage &amp;trace</source>
        <translation>Stufen&amp;spur</translation>
    </message>
    <message>
        <source>Te&amp;xt</source>
        <translation>Te&amp;xt</translation>
    </message>
    <message>
        <source>&amp;Exact matches</source>
        <translation>&amp;Exakte Treffer</translation>
    </message>
    <message>
        <source>&amp;Dropped</source>
        <translation>&amp;Verworfen</translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation>%1 für %2</translation>
    </message>
    <message>
        <source> (viewed by %1)</source>
        <translation> (angesehen von %1)</translation>
    </message>
    <message>
        <source> · memory use #%1</source>
        <translation> · Gedächtnisnutzung #%1</translation>
    </message>
    <message>
        <source>Index watermark %1 · canonical head %2</source>
        <translation>Index-Watermark %1 · kanonischer Head %2</translation>
    </message>
    <message numerus="yes">
        <source> · %n event(s) behind</source>
        <translation>
            <numerusform> · %n Ereignis im Rückstand</numerusform>
            <numerusform> · %n Ereignisse im Rückstand</numerusform>
        </translation>
    </message>
    <message>
        <source> · up to date</source>
        <translation> · aktuell</translation>
    </message>
    <message>
        <source>No indexed hits at watermark %1 — not proof that nothing exists.</source>
        <translation>Keine indizierten Treffer bei Watermark %1 — kein Beweis, dass nichts existiert.</translation>
    </message>
    <message>
        <source>Lagging: %1</source>
        <translation>Im Rückstand: %1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message numerus="yes">
        <source>Budget: %1 of %2 tokens used · %n candidate(s)</source>
        <translation>
            <numerusform>Budget: %1 von %2 Tokens verwendet · %n Kandidat</numerusform>
            <numerusform>Budget: %1 von %2 Tokens verwendet · %n Kandidaten</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Exact matches (%1)</source>
        <translation>&amp;Exakte Treffer (%1)</translation>
    </message>
    <message>
        <source>&amp;Dropped (%1)</source>
        <translation>&amp;Verworfen (%1)</translation>
    </message>
    <message>
        <source>The query failed: %1</source>
        <translation>Die Abfrage ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
</context>
<context>
    <name>cw::Retention</name>
    <message>
        <source>--set &apos;%1&apos;: expected memory-use-days=N or closed-case-days=N (N days, or off)</source>
        <translation>--set „%1“: erwartet memory-use-days=N oder closed-case-days=N (N Tage, oder off)</translation>
    </message>
    <message>
        <source>--set %1: &apos;%2&apos; is not a number of days (1 or more) or off</source>
        <translation>--set %1: „%2“ ist keine Anzahl von Tagen (1 oder mehr) und nicht off</translation>
    </message>
</context>
<context>
    <name>cw::RetentionDialog</name>
    <message>
        <source>Retention</source>
        <translation>Aufbewahrung</translation>
    </message>
    <message>
        <source>Memory-use payloads older than:</source>
        <translation>Nutzdaten der Gedächtnisnutzung älter als:</translation>
    </message>
    <message>
        <source>Cases closed for more than:</source>
        <translation>Fälle, die länger geschlossen sind als:</translation>
    </message>
    <message>
        <source>Applied by `curation-cli retain` (try --dry-run first): payloads get the erasure marker, closed cases are erased.</source>
        <translation>Angewendet von `curation-cli retain` (zuerst mit --dry-run versuchen): Nutzdaten erhalten die Löschmarkierung, geschlossene Fälle werden gelöscht.</translation>
    </message>
    <message>
        <source>retention setting (workbench)</source>
        <translation>Aufbewahrungseinstellung (Workbench)</translation>
    </message>
</context>
<context>
    <name>cw::ReviewQueuePanel</name>
    <message>
        <source>Filter by status</source>
        <translation>Nach Status filtern</translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation>Alle Status</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ausstehend</translation>
    </message>
    <message>
        <source>returned</source>
        <translation>zurückgegeben</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>genehmigt</translation>
    </message>
    <message>
        <source>published</source>
        <translation>veröffentlicht</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>Filter by proof level</source>
        <translation>Nach Nachweisstufe filtern</translation>
    </message>
    <message>
        <source>Any proof</source>
        <translation>Jeder Nachweis</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>verifiziert</translation>
    </message>
    <message>
        <source>executed</source>
        <translation>ausgeführt</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>vorgeschlagen</translation>
    </message>
    <message>
        <source>Filter by age</source>
        <translation>Nach Alter filtern</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Jedes Alter</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Letzte 7 Tage</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Letzte 30 Tage</translation>
    </message>
    <message>
        <source>Older than 7 days</source>
        <translation>Älter als 7 Tage</translation>
    </message>
    <message>
        <source>Older than 30 days</source>
        <translation>Älter als 30 Tage</translation>
    </message>
    <message>
        <source>Older than 90 days</source>
        <translation>Älter als 90 Tage</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domäne</translation>
    </message>
    <message>
        <source>Tenant</source>
        <translation>Mandant</translation>
    </message>
    <message>
        <source>Search id, title, synopsis</source>
        <translation>ID, Titel, Zusammenfassung suchen</translation>
    </message>
    <message>
        <source>&amp;My turn</source>
        <translation>&amp;Ich bin dran</translation>
    </message>
    <message>
        <source>Only the proposals waiting for you: a sign-off you may give, an approved revision you may put in place, a returned proposal of yours</source>
        <translation>Nur die Vorschläge, die auf Sie warten: eine Freigabe, die Sie geben dürfen, eine genehmigte Revision, die Sie einsetzen dürfen, ein an Sie zurückgegebener Vorschlag</translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation>&amp;Status:</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>Vorschläge</translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation>nicht geladen</translation>
    </message>
    <message>
        <source>counting…</source>
        <translation>zähle…</translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s)</source>
        <translation>
            <numerusform>%n Vorschlag</numerusform>
            <numerusform>%n Vorschläge</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is no longer in the list: it does not match the filter now, so its details are closed.</source>
        <translation>%1 ist nicht mehr in der Liste: Er passt nicht mehr zum Filter, daher sind seine Details geschlossen.</translation>
    </message>
</context>
<context>
    <name>cw::RevisionDiff</name>
    <message>
        <source>No field differs from the active revision.</source>
        <translation>Kein Feld unterscheidet sich von der aktiven Revision.</translation>
    </message>
    <message>
        <source>substantive</source>
        <translation>inhaltlich</translation>
    </message>
    <message>
        <source>cosmetic</source>
        <translation>kosmetisch</translation>
    </message>
    <message>
        <source>[-removed-] struck through, {+added+} underlined</source>
        <translation>[-entfernt-] durchgestrichen, {+hinzugefügt+} unterstrichen</translation>
    </message>
</context>
<context>
    <name>cw::ServerNotifications</name>
    <message>
        <source>the connection to %1 was lost</source>
        <translation>die Verbindung zu %1 ist verloren</translation>
    </message>
</context>
<context>
    <name>cw::StrategyComparison</name>
    <message>
        <source>not yet indexed in %1 only</source>
        <translation>noch nicht indiziert, nur in %1</translation>
    </message>
    <message>
        <source>dropped in %1: %2</source>
        <translation>verworfen in %1: %2</translation>
    </message>
    <message>
        <source>A = %1, B = %2 · overlap %3 · only in A %4 · only in B %5 · %6 difference(s) from lag rather than ranking</source>
        <translation>A = %1, B = %2 · Überlappung %3 · nur in A %4 · nur in B %5 · %6 Unterschied(e) durch Rückstand statt Rangfolge</translation>
    </message>
</context>
<context>
    <name>cw::Verdicts</name>
    <message>
        <source>nothing was recorded: %1</source>
        <translation>nichts wurde aufgezeichnet: %1</translation>
    </message>
    <message>
        <source>a verdict is one of %1, not &apos;%2&apos;</source>
        <translation>ein Urteil ist eines von %1, nicht „%2“</translation>
    </message>
    <message>
        <source>a reason is required: say why the candidate does or does not apply</source>
        <translation>eine Begründung ist nötig: sagen Sie, warum der Kandidat zutrifft oder nicht</translation>
    </message>
</context>
<context>
    <name>cw::VisibilityLabel</name>
    <message>
        <source>Way to visibility</source>
        <translation>Weg zur Sichtbarkeit</translation>
    </message>
    <message>
        <source>Visibility unknown: %1</source>
        <translation>Sichtbarkeit unbekannt: %1</translation>
    </message>
    <message>
        <source>Counting the way to visibility…</source>
        <translation>Zähle den Weg zur Sichtbarkeit…</translation>
    </message>
</context>
<context>
    <name>cw::VisibilityPath</name>
    <message>
        <source>activated</source>
        <translation>aktiviert</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <source>retired</source>
        <translation>zurückgezogen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>abgelehnt</translation>
    </message>
    <message>
        <source>Not published yet.</source>
        <translation>Noch nicht veröffentlicht.</translation>
    </message>
    <message>
        <source>Not published: waiting for the sign-off of %1.</source>
        <translation>Nicht veröffentlicht: wartet auf die Freigabe von %1.</translation>
    </message>
    <message>
        <source>Approved, not published: the article has an active revision; supersede it to publish this one.</source>
        <translation>Genehmigt, nicht veröffentlicht: der Artikel hat eine aktive Revision; ersetzen Sie sie, um diese zu veröffentlichen.</translation>
    </message>
    <message>
        <source>Returned to the proposer: not published.</source>
        <translation>An den Vorschlagenden zurückgegeben: nicht veröffentlicht.</translation>
    </message>
    <message>
        <source>Not published.</source>
        <translation>Nicht veröffentlicht.</translation>
    </message>
    <message>
        <source>Visibility unknown: %1</source>
        <translation>Sichtbarkeit unbekannt: %1</translation>
    </message>
    <message>
        <source>%1 → outbox event #%2</source>
        <translation>%1 → Outbox-Ereignis #%2</translation>
    </message>
    <message>
        <source>%1 → projected at watermark %2: retrievable</source>
        <translation>%1 → projiziert bei Watermark %2: abrufbar</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %n event(s) pending (watermark %2)</source>
        <translation>
            <numerusform>%1 → %n Ereignis ausstehend (Watermark %2)</numerusform>
            <numerusform>%1 → %n Ereignisse ausstehend (Watermark %2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cw::WaitingFor</name>
    <message>
        <source>you</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>niemand</translation>
    </message>
    <message>
        <source>curator, owner of %1</source>
        <translation>Kurator, Verantwortliche(r) von %1</translation>
    </message>
    <message>
        <source>curator</source>
        <translation>Kurator</translation>
    </message>
    <message>
        <source>owner of %1</source>
        <translation>Verantwortliche(r) von %1</translation>
    </message>
    <message>
        <source>proposer %1</source>
        <translation>Vorschlagende(r) %1</translation>
    </message>
    <message>
        <source>Nobody: the proposal is decided.</source>
        <translation>Niemand: über den Vorschlag ist entschieden.</translation>
    </message>
    <message>
        <source>waiting for the sign-offs of a curator and a domain owner of %1</source>
        <translation>wartet auf die Freigaben eines Kurators und einer/eines Domänenverantwortlichen von %1</translation>
    </message>
    <message>
        <source>waiting for a curator</source>
        <translation>wartet auf einen Kurator</translation>
    </message>
    <message>
        <source>waiting for a domain owner of %1</source>
        <translation>wartet auf eine(n) Domänenverantwortliche(n) von %1</translation>
    </message>
    <message>
        <source>returned: waiting for its proposer (%1) to change it</source>
        <translation>zurückgegeben: wartet darauf, dass der Vorschlagende (%1) ihn ändert</translation>
    </message>
    <message>
        <source>Your turn: %1.</source>
        <translation>Sie sind dran: %1.</translation>
    </message>
</context>
<context>
    <name>cw::WelcomePage</name>
    <message>
        <source>Nothing to review yet</source>
        <translation>Noch nichts zu prüfen</translation>
    </message>
    <message>
        <source>A new database with every review scenario, a memory corpus and a query set; your login is its admin. The way to try things.</source>
        <translation>Eine neue Datenbank mit allen Prüfszenarien, einem Gedächtniskorpus und einem Abfrageset; Ihre Anmeldung ist ihr Admin. Der Weg, alles auszuprobieren.</translation>
    </message>
    <message>
        <source>A database someone has already set up.</source>
        <translation>Eine Datenbank, die schon jemand eingerichtet hat.</translation>
    </message>
    <message>
        <source>Into this database: a contexts/memory/ folder of decisions and domain articles (docs/memory-import.md).</source>
        <translation>In diese Datenbank: ein Ordner contexts/memory/ mit Entscheidungen und Domänenartikeln (docs/memory-import.md).</translation>
    </message>
    <message>
        <source>Into this database: tenants, principals, cases, proof records and proposals, one JSON record a line (docs/cli.md).</source>
        <translation>In diese Datenbank: Mandanten, Prinzipale, Fälle, Nachweise und Vorschläge, ein JSON-Datensatz pro Zeile (docs/cli.md).</translation>
    </message>
    <message>
        <source>No principal is mapped to your login</source>
        <translation>Ihrer Anmeldung ist kein Prinzipal zugeordnet</translation>
    </message>
    <message>
        <source>%1 holds no proposals and no articles. Start with the demo to see how review works, or bring in your own data.</source>
        <translation>%1 enthält keine Vorschläge und keine Artikel. Beginnen Sie mit der Demo, um zu sehen, wie die Prüfung funktioniert, oder bringen Sie Ihre eigenen Daten ein.</translation>
    </message>
    <message>
        <source>&lt;p&gt;This database has no principal yet, so you can make yourself its first admin (audited):&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Datenbank hat noch keinen Prinzipal, daher können Sie sich selbst zu ihrem ersten Admin machen (wird protokolliert):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;or import this line with &lt;b&gt;Import JSON Lines…&lt;/b&gt; above (anyone may while there is no principal):&lt;/p&gt;</source>
        <translation>&lt;p&gt;oder importieren Sie diese Zeile mit &lt;b&gt;JSON Lines importieren…&lt;/b&gt; oben (das darf jeder, solange es keinen Prinzipal gibt):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Ask an admin (%1) to import this line, with the tenants and roles you should have (roles: curator, domain_owner, analyst, admin):&lt;/p&gt;</source>
        <translation>&lt;p&gt;Bitten Sie einen Admin (%1), diese Zeile mit den Mandanten und Rollen zu importieren, die Sie haben sollen (Rollen: curator, domain_owner, analyst, admin):&lt;/p&gt;</translation>
    </message>
    <message>
        <source>none is listed</source>
        <translation>keiner ist eingetragen</translation>
    </message>
    <message>
        <source>&lt;p&gt;saved as &lt;code&gt;principal.jsonl&lt;/code&gt;, with File › Import JSON Lines… or:&lt;/p&gt;</source>
        <translation>&lt;p&gt;gespeichert als &lt;code&gt;principal.jsonl&lt;/code&gt;, mit Datei › JSON Lines importieren… oder:&lt;/p&gt;</translation>
    </message>
    <message>
        <source>login</source>
        <translation>Anmeldung</translation>
    </message>
    <message>
        <source>database role</source>
        <translation>Datenbankrolle</translation>
    </message>
    <message>
        <source>&lt;p&gt;Your %1 is &lt;b&gt;%2&lt;/b&gt;. Everything in the workbench is done as a principal whose &lt;code&gt;%3&lt;/code&gt; is your %1; until there is one, the queue stays closed to you. The workbench lets you in as soon as the principal is imported, without reopening the database.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Ihre %1 ist &lt;b&gt;%2&lt;/b&gt;. Alles in der Workbench geschieht als ein Prinzipal, dessen &lt;code&gt;%3&lt;/code&gt; Ihre %1 ist; solange es keinen gibt, bleibt Ihnen die Warteschlange verschlossen. Die Workbench lässt Sie herein, sobald der Prinzipal importiert ist, ohne die Datenbank neu zu öffnen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No principal is mapped to your database role</source>
        <translation>Ihrer Datenbankrolle ist kein Prinzipal zugeordnet</translation>
    </message>
</context>
</TS>
