CREATE TABLE "appointment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"patient_name" text NOT NULL,
	"phone" text NOT NULL,
	"specialty" text NOT NULL,
	"preferred_day" date NOT NULL,
	"preferred_part" text NOT NULL,
	"language" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unproven' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proven_at" timestamp with time zone,
	"answer_due_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"slot_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"patient_confirmed_at" timestamp with time zone,
	"decline_reason" text,
	"reminder_sent_at" timestamp with time zone,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_requests_phone_check" CHECK ("appointment_requests"."phone" ~ '^\+[1-9][0-9]{6,14}$'),
	CONSTRAINT "appointment_requests_status_check" CHECK ("appointment_requests"."status" in ('unproven', 'requested', 'offered', 'confirmed', 'attended', 'no_show', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "appointment_requests_slot_check" CHECK ("appointment_requests"."status" not in ('offered', 'confirmed', 'attended', 'no_show') or "appointment_requests"."slot_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointment_requests" ADD CONSTRAINT "appointment_requests_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_requests_facility_idx" ON "appointment_requests" USING btree ("facility_id","status","created_at");--> statement-breakpoint
CREATE INDEX "appointment_requests_phone_idx" ON "appointment_requests" USING btree ("phone");