ALTER TABLE "api_clients" ALTER COLUMN "jwks" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_clients" ADD COLUMN "jwks_url" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "referrals_facility_created_at_idx" ON "referrals" USING btree ("facility_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_facility_changed_idx" ON "referrals" USING btree ("facility_id",greatest("created_at", "accepted_at", "rejected_at", "completed_at", "cancelled_at"));--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_keys_check" CHECK (("api_clients"."jwks" is null) <> ("api_clients"."jwks_url" is null));--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_position_check" CHECK (("facilities"."latitude" is null) = ("facilities"."longitude" is null) and "facilities"."latitude" between -90 and 90 and "facilities"."longitude" between -180 and 180);