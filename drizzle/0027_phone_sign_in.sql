CREATE TABLE "sign_in_policy" (
	"id" uuid PRIMARY KEY NOT NULL,
	"admins_password_only" boolean DEFAULT false NOT NULL,
	"changed_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_policy_one_row" CHECK ("sign_in_policy"."id" = '00000000-0000-4000-8000-000000000042'::uuid)
);
--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD COLUMN "purpose" text DEFAULT 'confirm' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_policy" ADD CONSTRAINT "sign_in_policy_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD CONSTRAINT "phone_confirmations_purpose_check" CHECK ("phone_confirmations"."purpose" in ('confirm', 'sign-in'));