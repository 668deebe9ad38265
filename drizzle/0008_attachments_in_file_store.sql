ALTER TABLE "referral_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "referral_attachments" ADD CONSTRAINT "referral_attachments_home_check" CHECK (num_nonnulls("referral_attachments"."storage_key", "referral_attachments"."content") = 1);