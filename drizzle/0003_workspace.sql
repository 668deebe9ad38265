CREATE TABLE "referral_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"uploader_id" uuid,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_attachments_size_check" CHECK ("referral_attachments"."size_bytes" between 1 and 10485760),
	CONSTRAINT "referral_attachments_type_check" CHECK ("referral_attachments"."content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "referral_attachments_name_check" CHECK (char_length("referral_attachments"."file_name") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "referral_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_messages_body_check" CHECK (char_length("referral_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_status_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_approval_status_check";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "outcome_note" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "urgency_rank" smallint GENERATED ALWAYS AS (case urgency_level when 'emergency' then 0 when 'urgent' then 1 else 2 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "declined_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD CONSTRAINT "referral_attachments_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD CONSTRAINT "referral_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD CONSTRAINT "referral_messages_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD CONSTRAINT "referral_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_attachments_referral_idx" ON "referral_attachments" USING btree ("referral_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_messages_referral_idx" ON "referral_messages" USING btree ("referral_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_declined_by_users_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_facility_queue_idx" ON "referrals" USING btree ("facility_id","status","urgency_rank","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_search_idx" ON "referrals" USING gin (("referral_number" || chr(10) || "patient_name") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_cancellation_check" CHECK (("referrals"."status" = 'cancelled') = ("referrals"."cancelled_at" is not null and "referrals"."cancellation_reason" is not null));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_outcome_note_check" CHECK (char_length("referrals"."outcome_note") between 1 and 5000);--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'accepted', 'rejected', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_declined_check" CHECK (("users"."approval_status" = 'declined') = ("users"."declined_at" is not null and "users"."decline_reason" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approval_status_check" CHECK ("users"."approval_status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
-- The running totals get a row for the new status (the triggers of 0001 update existing rows only).
INSERT INTO "referral_totals" ("status") VALUES ('cancelled');
