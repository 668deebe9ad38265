CREATE TABLE "facility_photo_files" (
	"photo_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "facility_photo_files_photo_id_width_pk" PRIMARY KEY("photo_id","width")
);
--> statement-breakpoint
CREATE TABLE "facility_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facility_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"details" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "facility_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"facility_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hub_notification_deliveries" (
	"notification_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hub_notification_deliveries_notification_id_entry_id_pk" PRIMARY KEY("notification_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "hub_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hub_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"color" text NOT NULL,
	"bg_color" text NOT NULL,
	"specialties" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"external_url" text,
	"launch_date" text,
	"sales_pitch" jsonb NOT NULL,
	"target_audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"founding_member_perks" text[] DEFAULT '{}'::text[] NOT NULL,
	"founding_member_capacity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubs_status_check" CHECK ("hubs"."status" in ('live', 'coming-soon')),
	CONSTRAINT "hubs_capacity_check" CHECK ("hubs"."founding_member_capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "nhis_accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "hefra_licence" text;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "licence_verified_on" date;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "facilities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "hub_waitlist" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_photo_files" ADD CONSTRAINT "facility_photo_files_photo_id_facility_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."facility_photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_photos" ADD CONSTRAINT "facility_photos_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_photos" ADD CONSTRAINT "facility_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reports" ADD CONSTRAINT "facility_reports_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_reports" ADD CONSTRAINT "facility_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_slug_history" ADD CONSTRAINT "facility_slug_history_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_notification_deliveries" ADD CONSTRAINT "hub_notification_deliveries_notification_id_hub_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."hub_notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_notifications" ADD CONSTRAINT "hub_notifications_hub_id_hubs_id_fk" FOREIGN KEY ("hub_id") REFERENCES "public"."hubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_notifications" ADD CONSTRAINT "hub_notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facility_photos_facility_idx" ON "facility_photos" USING btree ("facility_id");--> statement-breakpoint
CREATE INDEX "facility_reports_open_idx" ON "facility_reports" USING btree ("facility_id","created_at") WHERE "facility_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "hub_notifications_hub_idx" ON "hub_notifications" USING btree ("hub_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hubs_slug_key" ON "hubs" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "facilities_nhis_idx" ON "facilities" USING btree ("is_active","nhis_accepted");--> statement-breakpoint
CREATE INDEX "hub_waitlist_pending_idx" ON "hub_waitlist" USING btree ("hub_id","id") WHERE not "hub_waitlist"."notified";--> statement-breakpoint
-- Hubs are public content like the facilities (migration 0002): every statement that changes a hub,
-- or a waitlist entry (the founding-member counts on the hub pages), raises the 'hubs' version, so
-- pages built from the hubs are kept only while it holds. One function for every content table.
INSERT INTO "content_versions" ("name") VALUES ('hubs');
--> statement-breakpoint
CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed_rows) THEN
      RETURN NULL;
    END IF;
  END IF;
  UPDATE content_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  PERFORM pg_notify('content_versions', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER hubs_version_insert AFTER INSERT ON hubs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('hubs');
--> statement-breakpoint
CREATE TRIGGER hubs_version_update AFTER UPDATE ON hubs REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('hubs');
--> statement-breakpoint
CREATE TRIGGER hubs_version_delete AFTER DELETE ON hubs REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('hubs');
--> statement-breakpoint
CREATE TRIGGER hub_waitlist_version_insert AFTER INSERT ON hub_waitlist REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('hubs');
--> statement-breakpoint
CREATE TRIGGER hub_waitlist_version_delete AFTER DELETE ON hub_waitlist REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('hubs');
