CREATE TABLE "facility_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_reviews_rating_check" CHECK ("facility_reviews"."rating" between 1 and 5),
	CONSTRAINT "facility_reviews_comment_check" CHECK (char_length("facility_reviews"."comment") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mdc_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hefra_licence" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_checked_by" uuid;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reviews" ADD CONSTRAINT "facility_reviews_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facility_reviews_referral_key" ON "facility_reviews" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "facility_reviews_facility_idx" ON "facility_reviews" USING btree ("facility_id","rating");--> statement-breakpoint
CREATE INDEX "facility_reviews_doctor_idx" ON "facility_reviews" USING btree ("doctor_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registration_checked_by_users_id_fk" FOREIGN KEY ("registration_checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "rating";--> statement-breakpoint
ALTER TABLE "facilities" DROP COLUMN "reviews";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mdc_number_check" CHECK (char_length("users"."mdc_number") between 1 and 40);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hefra_licence_check" CHECK (char_length("users"."hefra_licence") between 1 and 60);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_registration_checked_check" CHECK ("users"."registration_checked_at" is null or "users"."mdc_number" is not null or "users"."hefra_licence" is not null);--> statement-breakpoint
-- A review moves the facility's rating on its directory card and profile (issue 28): every write
-- raises the 'facilities' content version, so pages kept from that content are built again.
CREATE TRIGGER facility_reviews_version_insert AFTER INSERT ON facility_reviews REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('facilities');
--> statement-breakpoint
CREATE TRIGGER facility_reviews_version_update AFTER UPDATE ON facility_reviews REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('facilities');
--> statement-breakpoint
CREATE TRIGGER facility_reviews_version_delete AFTER DELETE ON facility_reviews REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('facilities');
