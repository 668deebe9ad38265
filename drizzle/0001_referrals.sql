-- Readable referral numbers (decisions section 4): REF-{year in Accra}-{sequence, at least 6 digits}.
CREATE SEQUENCE "referral_number_seq";
--> statement-breakpoint
CREATE FUNCTION next_referral_number() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT 'REF-' || to_char(now() AT TIME ZONE 'Africa/Accra', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0')
  FROM (SELECT nextval('referral_number_seq') AS n) s
$$;
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"date_of_birth" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"amount_due" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_records_status_check" CHECK ("payment_records"."status" in ('pending', 'paid')),
	CONSTRAINT "payment_records_amount_check" CHECK ("payment_records"."amount_due" >= 0),
	CONSTRAINT "payment_records_paid_check" CHECK (("payment_records"."status" = 'paid') = ("payment_records"."paid_at" is not null and "payment_records"."payment_method" is not null and "payment_records"."payment_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_totals" (
	"status" text PRIMARY KEY NOT NULL,
	"referrals" bigint DEFAULT 0 NOT NULL,
	"doctor_share" bigint DEFAULT 0 NOT NULL,
	"platform_share" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_number" text DEFAULT next_referral_number() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"patient_name" text NOT NULL,
	"patient_phone" text NOT NULL,
	"patient_email" text,
	"patient_date_of_birth" date,
	"chief_complaint" text NOT NULL,
	"clinical_notes" text,
	"urgency_level" text DEFAULT 'routine' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"rejected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"rejection_reason" text,
	"referral_fee" integer NOT NULL,
	"doctor_share" integer NOT NULL,
	"platform_share" integer NOT NULL,
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'accepted', 'rejected', 'completed')),
	CONSTRAINT "referrals_urgency_level_check" CHECK ("referrals"."urgency_level" in ('routine', 'urgent', 'emergency')),
	CONSTRAINT "referrals_fee_check" CHECK ("referrals"."referral_fee" >= 0 and "referrals"."doctor_share" >= 0 and "referrals"."platform_share" >= 0 and "referrals"."referral_fee" = "referrals"."doctor_share" + "referrals"."platform_share"),
	CONSTRAINT "referrals_chief_complaint_check" CHECK (char_length("referrals"."chief_complaint") between 1 and 500),
	CONSTRAINT "referrals_clinical_notes_check" CHECK (char_length("referrals"."clinical_notes") <= 5000),
	CONSTRAINT "referrals_rejection_check" CHECK (("referrals"."status" = 'rejected') = ("referrals"."rejected_at" is not null and "referrals"."rejection_reason" is not null))
);
--> statement-breakpoint
DROP INDEX "contact_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "hub_waitlist_created_at_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_at_idx" ON "audit_events" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "patients_phone_key" ON "patients" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_records_referral_id_key" ON "payment_records" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "payment_records_created_at_idx" ON "payment_records" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payment_records_doctor_id_idx" ON "payment_records" USING btree ("doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referral_number_key" ON "referrals" USING btree ("referral_number");--> statement-breakpoint
CREATE INDEX "referrals_created_at_idx" ON "referrals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_status_created_at_idx" ON "referrals" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_doctor_created_at_idx" ON "referrals" USING btree ("doctor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_doctor_status_idx" ON "referrals" USING btree ("doctor_id","status","doctor_share");--> statement-breakpoint
CREATE INDEX "referrals_facility_status_created_at_idx" ON "referrals" USING btree ("facility_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_facility_accepted_at_idx" ON "referrals" USING btree ("facility_id","accepted_at");--> statement-breakpoint
CREATE INDEX "referrals_facility_completed_at_idx" ON "referrals" USING btree ("facility_id","completed_at");--> statement-breakpoint
CREATE INDEX "referrals_patient_id_idx" ON "referrals" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("full_name" || chr(10) || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hub_waitlist_created_at_idx" ON "hub_waitlist" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
-- Running totals per status, kept by statement-level triggers (one update per statement, not per row).
INSERT INTO "referral_totals" ("status") VALUES ('pending'), ('accepted'), ('rejected'), ('completed');
--> statement-breakpoint
CREATE FUNCTION referral_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_totals t
     SET referrals = t.referrals - d.n, doctor_share = t.doctor_share - d.ds, platform_share = t.platform_share - d.ps
    FROM (SELECT status, count(*) AS n, coalesce(sum(doctor_share), 0) AS ds, coalesce(sum(platform_share), 0) AS ps
            FROM old_rows GROUP BY status ORDER BY status) d
   WHERE t.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION referral_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_totals t
     SET referrals = t.referrals + d.n, doctor_share = t.doctor_share + d.ds, platform_share = t.platform_share + d.ps
    FROM (SELECT status, count(*) AS n, coalesce(sum(doctor_share), 0) AS ds, coalesce(sum(platform_share), 0) AS ps
            FROM new_rows GROUP BY status ORDER BY status) d
   WHERE t.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Triggers of one event fire in name order: "a_remove" before "b_add", so every transaction locks
-- the old status's row first (no deadlock between two transitions out of the same status).
CREATE TRIGGER referral_totals_a_remove_on_update AFTER UPDATE ON "referrals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_remove();
--> statement-breakpoint
CREATE TRIGGER referral_totals_b_add_on_update AFTER UPDATE ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_add();
--> statement-breakpoint
CREATE TRIGGER referral_totals_add_on_insert AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_add();
--> statement-breakpoint
CREATE TRIGGER referral_totals_remove_on_delete AFTER DELETE ON "referrals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_totals_remove();
