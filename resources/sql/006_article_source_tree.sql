-- Schema step 6: which memory tree an imported article came from.
--
-- A re-import retires the articles whose file is gone from the tree
-- (model/MemoryImportRetire). Without knowing which tree an article came
-- from, every article any memory import ever created counted as part of the
-- tree being imported now: importing a user's own folder into the demo
-- database (whose decisions came from resources/demo/contexts) retired the
-- demo's decisions. The import now stamps each article it creates or updates
-- with the canonical absolute path of the contexts/memory folder
-- (QFileInfo::canonicalFilePath), and retires only articles of that tree.
-- NULL: not from a memory import, or imported before this step; such an
-- article is never retired automatically, and the next import that finds its
-- file stamps it.

ALTER TABLE articles ADD COLUMN source_tree TEXT;

CREATE INDEX articles_by_source_tree ON articles(source_tree) WHERE source_tree IS NOT NULL;
