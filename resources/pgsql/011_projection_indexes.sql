-- projection's indexes by (domain, kind) and by (status, domain), from step
-- 1, serve no statement on a server: every filter by status, kind or domain
-- reads projection_keys (the retrieval's stages, the content walk), and
-- projection itself is read by ref and by rowid. pg_stat_user_indexes
-- counted no scan of either over the retrieval and projector benchmarks at
-- 1,000,000 cases, while every projected row paid two more index inserts
-- for them, and a row whose status changed (superseded, retired) could not
-- be updated in place (a HOT update) because status was indexed.
DROP INDEX projection_by_domain;
DROP INDEX projection_by_status;
