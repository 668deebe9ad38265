CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_start" smallint,
	"quiet_end" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_quiet_check" CHECK (("notification_preferences"."quiet_start" is null) = ("notification_preferences"."quiet_end" is null) and ("notification_preferences"."quiet_start" is null or ("notification_preferences"."quiet_start" between 0 and 1439 and "notification_preferences"."quiet_end" between 0 and 1439)))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;