ALTER TABLE "facilities" ADD COLUMN "name_key" text GENERATED ALWAYS AS (lower(regexp_replace(normalize(name, NFKD), '[^[:alnum:]]+', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
-- Active facilities that already share a name (an impostor of issue 24): all but the earliest get
-- their address added to the name, so the index below can be built and people can tell them apart,
-- and lose the Verified mark and the licence's verified date until a system administrator checks.
UPDATE "facilities" SET "name" = "facilities"."name" || ' (' || "facilities"."slug" || ')', "verified" = false, "licence_verified_on" = NULL
FROM (SELECT "id", row_number() OVER (PARTITION BY "name_key" ORDER BY "created_at", "id") AS "n" FROM "facilities" WHERE "is_active") AS "dup"
WHERE "facilities"."id" = "dup"."id" AND "dup"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_active_name_key" ON "facilities" USING btree ("name_key") WHERE "facilities"."is_active";