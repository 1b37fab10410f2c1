-- Schema step 12: the login that gave each sign-off (issue #36, item 4).
--
-- A review row names the real and the effective principal; a person who
-- re-maps logins by ingest can become a second principal, so two sign-offs
-- also need two different logins: the OS login on a file, the database role
-- on a server (ReviewRules::signOffsComplete). NULL for the rows written
-- before this step, which the rule cannot compare.
ALTER TABLE reviews ADD COLUMN login TEXT;
CREATE INDEX reviews_by_login ON reviews(login) WHERE login IS NOT NULL;
