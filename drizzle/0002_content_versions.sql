CREATE TABLE "content_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_versions" ("name") VALUES ('facilities');
--> statement-breakpoint
-- Every statement that changes facilities (the app, the seed, an operator's psql) raises the
-- counter in its own transaction: a page rendered from the facilities is valid while it holds. A
-- statement that changes no row (the seed finding everything in place) leaves it alone. The
-- notification (sent at commit) lets an embedded PGlite process skip reading the counter.
CREATE FUNCTION bump_facilities_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE content_versions SET version = version + 1 WHERE name = 'facilities';
  PERFORM pg_notify('content_versions', 'facilities');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER facilities_version_insert AFTER INSERT ON facilities REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
--> statement-breakpoint
CREATE TRIGGER facilities_version_update AFTER UPDATE ON facilities REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
--> statement-breakpoint
CREATE TRIGGER facilities_version_delete AFTER DELETE ON facilities REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
--> statement-breakpoint
CREATE TRIGGER facilities_version_truncate AFTER TRUNCATE ON facilities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_facilities_version();
