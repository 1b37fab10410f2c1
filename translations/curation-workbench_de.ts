<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ProjectorTasks</name>
    <message>
        <source>Nothing to apply: caught up at watermark %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Applied %n event(s) (%1 dead-lettered); watermark %2.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Rebuilt %n row(s) at head %1; %2 later event(s) applied; watermark %3 (%4 ms).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>identical: %n live row(s) match a rebuild at watermark %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n difference(s) between the live projection and a rebuild at watermark %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QDialog</name>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Use suggestion</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Cannot open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off (kept)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QProgressDialog</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::Access</name>
    <message>
        <source>%1 may filter only by its own tenants (%2); a tenant filter shows which proposals come from that tenant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not %2 %3: its source case belongs to a tenant %1 does not read; a principal decides only on what it may read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supersede %1 with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the other must come from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a domain owner of </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already approved %2 as %3 at %4; one principal gives one sign-off, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already gave the %2 sign-off of %3 at %4 (acting as %5); one person gives one sign-off, even when acting as another principal: %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, another person</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory use #%1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not run evaluation queries as %2: running a query as another principal is for admins acting as themselves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only admins may erase; %1 is not an admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no %1 that %2 may erase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only admins may apply or change retention; %1 is not an admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not re-verify %2: only the owners of domain %3 and admins may</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only admins may ingest or import; %1 is not an admin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only admins may ingest or import, and no principal is mapped to this OS user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no principal is mapped to this OS user; only curators and admins may export memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only curators and admins may export memory (an exported tree is read outside the workbench, under nobody&apos;s scope); %1 is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without a role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 owns %2, not %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an admin (%2); admins administer but do not decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is an analyst; analysts never decide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supersede</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not %2 %3: %4; only curators and domain owners of %5 review it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 owns %2 but is not a curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a domain owner (of %2), not a curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not supersede %2: %3; only curators supersede</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not retire %2: %3; only curators and domain owners of %4 retire it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 may not edit %2: %3; only its proposer (%4), curators and domain owners of %5 edit it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>edited it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>superseded it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retired it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ingested it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>changed it (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no proposal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposal %1 has no revision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposal %1 has no article</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no article %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no version %2; it is at version %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last changed by %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 changes since, this is the latest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed since version %2: %3 (now version %4%5); nothing was changed, review it again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::CandidateTableModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proof</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similarity reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::CandidateTextView</name>
    <message>
        <source>Candidate text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a candidate to read its text.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ComparePanel</name>
    <message>
        <source>Compare strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose two strategies and compare them on the same input.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing (#%1)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>A: %1 — %n candidate(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>B: %1 — %n candidate(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Watermark A %1, B %2 · canonical head %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ComparisonModel</name>
    <message>
        <source>in both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only in B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — lag: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B vs A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Difference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ComparisonView</name>
    <message>
        <source>Claim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a proposal to see its claim and evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changes in %1 r%2 (active)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::DecisionPanel</name>
    <message>
        <source>&amp;Approve…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;ject…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+J</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;turn…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Supersede active…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;etire active…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refusal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;pprovals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;History (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no proposal is selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no principal is mapped to you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not now: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected by %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned by %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approvals so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outdated: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Someone else decided first: %1 The proposal was reloaded; your reason is kept for when you decide again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You may not do this: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded, nothing was written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why do you approve %1 (version %2)?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is %1 rejected? It stays visible as a rejected route.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What should the proposer change in %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supersede</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why does %1 replace the active revision %2 r%3?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retire revision %1 r%2? It stops being current for everyone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is %1 retired?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EraseCaseDialog</name>
    <message>
        <source>Show &amp;Dependencies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Erase Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tenant/source_system/source_request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the case left behind is listed here before anything is erased.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why (recorded in the audit)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Case:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Erase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Everything below is removed or rewritten in one transaction. Backups made before still hold it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Erased %1 (audit #%2).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ErasureMenu</name>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Erase Case…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retention…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no principal is mapped to this login</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove a case and everything derived from it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalChartView</name>
    <message>
        <source>Metric across stored runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 across stored runs</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalComparisonModel</name>
    <message>
        <source>Below %1: unlikely to be chance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or above: could be chance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A (run %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B (run %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B − A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p-value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalMetricsModel</name>
    <message>
        <source>pairs held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency p50 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latency p95 (ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Information-retrieval metric over the graded judgments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s measure, checked against canonical state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
run %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalQueriesModel</name>
    <message>
        <source>not shown: it ran as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to open %1 in the query panel with its trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nDCG@%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranked list (stored)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalQueryComparisonModel</name>
    <message>
        <source>tie</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wins</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RBO</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvalRunsModel</name>
    <message>
        <source>drifted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 has drifted since it ran: %2. Its figures no longer describe today&apos;s set, strategy or projection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1: its set, strategy and projection are as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nDCG@k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pairs held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signature</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::EvaluationPanel</name>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measures per strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Measures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open in Query Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run this query in the query panel, as you, and show its trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Com&amp;parison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;hart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query &amp;set:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;trategies to run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategies to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One run per checked strategy; none checked: one run with each query&apos;s own strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut-off &amp;k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run Set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score the set with the checked strategies, as you; the runs are stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored r&amp;uns (select one or more; two to compare):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;Two Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The older selected run is A, the newer B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select two runs of the set and press Compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-metric comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per-query comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xport CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M&amp;etric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one line per strategy version; hollow marks: drifted runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %2 (%n queries)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No query sets stored yet: curation-cli eval import SET.jsonl stores one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 with each query&apos;s own strategy, as %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 with %2, as %3…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run cancelled: nothing was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparing run %1 with run %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A = run %1 (%2), B = run %3 (%4). On %5: A wins %6, B wins %7, %8 tied. Mean rank-biased overlap (p = 0.9): %9. p-values from a paired randomization test (%10); * marks p &lt; 0.05.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every sign assignment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sign flips, seed %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query %1 is no longer in set %2 (the run has drifted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1 in the query panel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported the comparison of runs %1 and %2 to %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::FileMenu</name>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import JSON Lines…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;Memory Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Queue as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Queue as &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Queue as JSON &amp;Lines…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Back Up Database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench databases (*.db *.sqlite)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 already exists. Choose another name, or open it with Open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench databases (*.db *.sqlite);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import JSON Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.ndjson)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Imported %n record(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Import Memory Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 file(s), %2 revised, %3 unchanged, %4 not imported, %5 retired (file removed), %6 restored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Retired: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n article(s) now from this folder.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Exported %n proposal(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back Up Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backing up to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backed up to %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back up</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::HistoryModel</name>
    <message>
        <source>r%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> v%1→v%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> v%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acting as</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::IntegrityWatch</name>
    <message>
        <source>Database damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The daily check found damage in %1. Restore a backup; `curation-cli check` lists every problem.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::LagBadge</name>
    <message>
        <source>Projection lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag: reading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>watermark %1 / head %2 · %n pending</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n dead letter(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Oldest pending event: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projector: %1 events/s recently; last run %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::LagChartView</name>
    <message>
        <source>Lag over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>canonical head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watermark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outbox seq</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>behind</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::LagMonitorPanel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canonical head:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Watermark:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events behind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Oldest pending:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dead letters:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Throughput:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending by domain:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the projector in this process until paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after the current batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply one batch of at most %1 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuild the projection from canonical state and swap it in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the live projection with a rebuild (writes nothing)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>watermark %v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Projector idle.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verify result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the lag: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no projector runs yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events/s over the last %2 batches (last at %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Paused after applying %n event(s).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Projector running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pausing after the current batch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying one batch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuilding the projection from canonical state…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying the live projection against a rebuild…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Projector running: %n event(s) applied, watermark %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>identical</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::MainWindow</name>
    <message>
        <source>Curation Workbench — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find in Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Curation Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Curation Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Curation Workbench&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Review experience proposals against their source cases and proof records, watch projection lag, and run the retrieval engine agents use.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alt+Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Alt+Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;First Proof</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only &amp;My Turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View &amp;As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposals waiting for you (Review › Only My Turn shows them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your turn: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No principal: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 acting as %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in as %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My Domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>My &amp;Domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Lag Monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare Strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare Strategies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evaluation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;valuation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::OwnedArticlesModel</name>
    <message>
        <source>r%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due for re-verification: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verified recently and in scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Article</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latest version seen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due for re-verification</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::OwnerPanel</name>
    <message>
        <source>&amp;Due for re-verification only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Retire selected…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Articles in your domains</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You own no domain, so there is nothing to look after here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the articles of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load your articles: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n active article(s) in %1; </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n due for re-verification.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Retire</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retire revision %1 r%2? It stops being current for everyone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retire %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why is %1 retired?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not retired: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ProofRecordView</name>
    <message>
        <source>claimed · supports “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>claimed · does not support “%1” (result: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not claimed by the proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proof record %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ProposalDetails</name>
    <message>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The linked proof records support the claimed proof level (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>version %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mechanism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proof level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Limits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symptoms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Effort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h active · %2 h owner waiting (kept apart)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source case redacted: you may not read cases of this tenant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No source case.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disposition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Product</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ProposalListModel</name>
    <message>
        <source>(redacted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 r%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proof</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Article</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ProposalWorkspace</name>
    <message>
        <source>Select a proposal to see its claim beside the evidence.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No principal is mapped to you, so details are hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This proposal no longer exists.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::QueryForm</name>
    <message>
        <source>Strategy &amp;A:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy &amp;B:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>objective or symptom text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Case:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tenant/source_system/request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source &amp;identity:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SYSTEM/REQUEST/REVISION</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Domain:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>requesting domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ta&amp;gs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ymptoms:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>symptom tags, comma separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xplicit refs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>EXP-1, KB-3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Product:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Version:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 5.1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;urpose:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Run query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View as principal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Admins only: run the query with another principal&apos;s scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(yourself)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View &amp;as:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Minimum proof:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To&amp;ken budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Answer from what was current at this time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As o&amp;f:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each strategy&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default (%1 tokens)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::QueryPanel</name>
    <message>
        <source>Query panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict on the selected candidate:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>applies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reason (required)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record &amp;verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries run as %1 (%2), viewed by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queries run as %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running query #%1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded: %1 on %2@%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::QueryResultView</name>
    <message>
        <source>Run a query to see candidates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What happened</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ref@rev</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage &amp;trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Te&amp;xt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Exact matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (viewed by %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · memory use #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index watermark %1 · canonical head %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> · %n event(s) behind</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> · up to date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No indexed hits at watermark %1 — not proof that nothing exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lagging: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Budget: %1 of %2 tokens used · %n candidate(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Exact matches (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dropped (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The query failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::RetentionDialog</name>
    <message>
        <source>Retention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory-use payloads older than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cases closed for more than:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applied by `curation-cli retain` (try --dry-run first): payloads get the erasure marker, closed cases are erased.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retention setting (workbench)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::ReviewQueuePanel</name>
    <message>
        <source>Filter by status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>published</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by proof level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any proof</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>executed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older than 7 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older than 30 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older than 90 days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Domain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tenant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search id, title, synopsis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;My turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the proposals waiting for you: a sign-off you may give, an approved revision you may put in place, a returned proposal of yours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>counting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n proposal(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cw::RevisionDiff</name>
    <message>
        <source>No field differs from the active revision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>substantive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cosmetic</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::StrategyComparison</name>
    <message>
        <source>not yet indexed in %1 only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A = %1, B = %2 · overlap %3 · only in A %4 · only in B %5 · %6 difference(s) from lag rather than ranking</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::VisibilityLabel</name>
    <message>
        <source>Way to visibility</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visibility unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting the way to visibility…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cw::VisibilityPath</name>
    <message>
        <source>activated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>superseded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published: waiting for the sign-off of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Approved, not published: the article has an active revision; supersede it to publish this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned to the proposer: not published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Visibility unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → outbox event #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → projected at watermark %2: retrievable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 → %n event(s) pending (watermark %2)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cw::WaitingFor</name>
    <message>
        <source>you</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nobody</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curator, owner of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owner of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>proposer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nobody: the proposal is decided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for the sign-offs of a curator and a domain owner of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for a curator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting for a domain owner of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>returned: waiting for its proposer (%1) to change it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your turn: %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
