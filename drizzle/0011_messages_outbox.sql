CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"event" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"payload" jsonb,
	"provider" text,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"segments" integer,
	"cost_pesewas" integer,
	"last_error" text,
	"referral_id" uuid,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('email', 'sms', 'whatsapp')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sent', 'delivered', 'failed', 'undelivered')),
	CONSTRAINT "messages_attempts_check" CHECK ("messages"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_referral_idx" ON "messages" USING btree ("referral_id") WHERE "messages"."referral_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_key" ON "messages" USING btree ("provider","provider_id") WHERE "messages"."provider_id" is not null;--> statement-breakpoint
ALTER TABLE "hub_waitlist" DROP COLUMN "notify_claimed_by";--> statement-breakpoint
ALTER TABLE "hub_waitlist" DROP COLUMN "notify_claimed_at";