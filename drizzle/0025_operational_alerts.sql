CREATE TABLE "operational_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_firing_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "operational_alerts_rule_check" CHECK ("operational_alerts"."rule" in ('queue_stuck', 'provider_failing', 'emergency_waiting', 'payout_pending', 'ledger_imbalance'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "operational_alerts_open_key" ON "operational_alerts" USING btree ("rule","subject") WHERE "operational_alerts"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "operational_alerts_started_at_idx" ON "operational_alerts" USING btree ("started_at" DESC NULLS LAST);