ALTER TABLE "hub_notification_deliveries" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hub_notification_deliveries" ADD COLUMN "phone" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_waitlist_hub_phone_only_key" ON "hub_waitlist" USING btree ("hub_id","phone") WHERE "hub_waitlist"."email" is null;--> statement-breakpoint
ALTER TABLE "hub_notification_deliveries" ADD CONSTRAINT "hub_notification_deliveries_contact_check" CHECK ("hub_notification_deliveries"."email" is not null or "hub_notification_deliveries"."phone" is not null);--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD CONSTRAINT "hub_waitlist_contact_check" CHECK ("hub_waitlist"."email" is not null or ("hub_waitlist"."user_type" = 'patient' and "hub_waitlist"."phone" is not null and "hub_waitlist"."sms_consent_at" is not null));