ALTER TABLE "facilities" ADD COLUMN "on_call_phone" text;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD COLUMN "sms_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD COLUMN "sms_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_on_call_phone_check" CHECK ("facilities"."on_call_phone" is null or "facilities"."on_call_phone" ~ '^\+[1-9][0-9]{6,14}$');