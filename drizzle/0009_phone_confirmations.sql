CREATE TABLE "phone_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_confirmations_attempts_check" CHECK ("phone_confirmations"."attempts" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "confirmed_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_confirmations" ADD CONSTRAINT "phone_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_confirmations_phone_idx" ON "phone_confirmations" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_confirmations_user_idx" ON "phone_confirmations" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_confirmed_phone_check" CHECK (("users"."confirmed_phone" is null) = ("users"."phone_confirmed_at" is null) and ("users"."confirmed_phone" is null or "users"."confirmed_phone" ~ '^\+[1-9][0-9]{6,14}$'));