CREATE TABLE "content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_versions" ("name") VALUES ('facilities');
--> statement-breakpoint
-- Every statement that writes facilities (the app, the seed, an operator's psql) raises the
-- counter in its own transaction: a page rendered from the facilities is valid while it holds.
-- The notification (sent at commit) lets an embedded PGlite process skip reading the counter.
CREATE FUNCTION bump_facilities_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'facilities';
  PERFORM pg_notify('content_versions', 'facilities');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER facilities_content_version AFTER INSERT OR UPDATE OR DELETE ON facilities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
--> statement-breakpoint
CREATE TRIGGER facilities_content_version_truncate AFTER TRUNCATE ON facilities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
