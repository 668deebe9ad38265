ALTER TABLE "hub_waitlist" ADD COLUMN "notify_claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD COLUMN "notify_claimed_at" timestamp with time zone;