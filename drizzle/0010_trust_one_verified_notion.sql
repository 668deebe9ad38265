-- Issue 28: one Verified notion. The Verified tick is a system administrator's check of the
-- facility's HeFRA licence (licence_verified_on); the separate "verified" mark, set on six sample
-- facilities that no one had checked, is retired: nothing shows it, and it is false everywhere.
UPDATE "facilities" SET "verified" = false WHERE "verified";
--> statement-breakpoint
-- The seeded live hubs pointed at addresses under the reserved .example domain, which never
-- resolve. A live hub's page is /hub/{slug}; an administrator gives the real address in the editor.
UPDATE "hubs" SET "external_url" = NULL WHERE "external_url" ~ '^https://[a-z0-9-]+\.qurhealth\.example/?$';
