-- Schema step 12: the database role that gave each sign-off (issue #36,
-- item 4), as resources/sql/012_review_login.sql on a file. NULL for the
-- rows written before this step.
ALTER TABLE reviews ADD COLUMN login text;
CREATE INDEX reviews_by_login ON reviews(login) WHERE login IS NOT NULL;
