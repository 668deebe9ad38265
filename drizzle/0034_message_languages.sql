ALTER TABLE "hub_waitlist" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_language" text;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD CONSTRAINT "hub_waitlist_language_check" CHECK ("hub_waitlist"."language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('en', 'fr'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sms_language_check" CHECK ("users"."sms_language" in ('en', 'fr', 'ak'));