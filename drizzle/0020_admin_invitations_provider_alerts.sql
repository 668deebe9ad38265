CREATE TABLE "account_sponsors" (
	"user_id" uuid NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_sponsors_user_id_sponsor_id_kind_pk" PRIMARY KEY("user_id","sponsor_id","kind"),
	CONSTRAINT "account_sponsors_kind_check" CHECK ("account_sponsors"."kind" in ('invited', 'approved')),
	CONSTRAINT "account_sponsors_not_self_check" CHECK ("account_sponsors"."user_id" <> "account_sponsors"."sponsor_id")
);
--> statement-breakpoint
CREATE TABLE "admin_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"invited_by" uuid NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_user_id" uuid,
	"accepted_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_invitations_status_check" CHECK ("admin_invitations"."status" in ('awaiting_confirmation', 'sent', 'accepted', 'revoked')),
	CONSTRAINT "admin_invitations_confirmer_check" CHECK ("admin_invitations"."confirmed_by" is null or "admin_invitations"."confirmed_by" <> "admin_invitations"."invited_by")
);
--> statement-breakpoint
CREATE TABLE "provider_alerts" (
	"key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"detail" text NOT NULL,
	"failures" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "provider_alerts_channel_check" CHECK ("provider_alerts"."channel" in ('email', 'sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_approval_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_approval_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_sponsors" ADD CONSTRAINT "account_sponsors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_sponsors" ADD CONSTRAINT "account_sponsors_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sponsors_sponsor_idx" ON "account_sponsors" USING btree ("sponsor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_hash_key" ON "admin_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_open_email_key" ON "admin_invitations" USING btree (lower("email")) WHERE "admin_invitations"."status" in ('awaiting_confirmation', 'sent');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_approval_requested_by_users_id_fk" FOREIGN KEY ("admin_approval_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Accounts approved before issue 33: their approver is their sponsor.
INSERT INTO "account_sponsors" ("user_id", "sponsor_id", "kind")
SELECT "id", "approved_by", 'approved' FROM "users" WHERE "approved_by" IS NOT NULL AND "approved_by" <> "id";
