CREATE TABLE "backup_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"size_bytes" bigint,
	"note" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_reports_status_check" CHECK ("backup_reports"."status" in ('ok', 'failed')),
	CONSTRAINT "backup_reports_size_check" CHECK ("backup_reports"."size_bytes" is null or "backup_reports"."size_bytes" >= 0),
	CONSTRAINT "backup_reports_note_check" CHECK ("backup_reports"."note" is null or char_length("backup_reports"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "operational_alerts" DROP CONSTRAINT "operational_alerts_rule_check";--> statement-breakpoint
CREATE INDEX "backup_reports_reported_at_idx" ON "backup_reports" USING btree ("reported_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_pending_urgency_idx" ON "referrals" USING btree ("urgency_level","created_at") WHERE "referrals"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "operational_alerts" ADD CONSTRAINT "operational_alerts_rule_check" CHECK ("operational_alerts"."rule" in ('queue_stuck', 'provider_failing', 'emergency_waiting', 'payout_pending', 'ledger_imbalance', 'backup_stale'));