CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"doctor_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('cash', 'doctor_payable', 'platform_revenue', 'provider_clearing', 'provider_fees')),
	CONSTRAINT "ledger_accounts_doctor_check" CHECK (("ledger_accounts"."kind" = 'doctor_payable') = ("ledger_accounts"."doctor_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"memo" text NOT NULL,
	"referral_id" uuid,
	"payment_record_id" uuid,
	"payout_transfer_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('referral_completed', 'paid_outside', 'payout_initiated', 'payout_settled', 'payout_failed', 'payout_reversed', 'provider_fee'))
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_amount_check" CHECK ("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payout_detail_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"account_number" text NOT NULL,
	"bank_code" text,
	"account_name" text NOT NULL,
	"sms_code_hash" text NOT NULL,
	"email_code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_detail_changes_attempts_check" CHECK ("payout_detail_changes"."attempts" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "payout_details" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"account_number" text NOT NULL,
	"bank_code" text,
	"account_name" text NOT NULL,
	"recipient_provider" text,
	"recipient_code" text,
	"hold_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_details_method_check" CHECK ("payout_details"."method" in ('mobile_money', 'bank')),
	CONSTRAINT "payout_details_shape_check" CHECK (("payout_details"."method" = 'mobile_money' and "payout_details"."network" in ('MTN', 'TELECEL', 'AT') and "payout_details"."bank_code" is null) or ("payout_details"."method" = 'bank' and "payout_details"."network" is null and "payout_details"."bank_code" is not null))
);
--> statement-breakpoint
CREATE TABLE "payout_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" date NOT NULL,
	"provider" text NOT NULL,
	"checked_transfers" integer NOT NULL,
	"mismatches" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'prepared' NOT NULL,
	"minimum_pesewas" integer NOT NULL,
	"total_pesewas" bigint NOT NULL,
	"transfer_count" integer NOT NULL,
	"prepared_by" uuid NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payout_runs_status_check" CHECK ("payout_runs"."status" in ('prepared', 'approved', 'cancelled')),
	CONSTRAINT "payout_runs_four_eyes_check" CHECK ("payout_runs"."approved_by" is null or "payout_runs"."approved_by" <> "payout_runs"."prepared_by"),
	CONSTRAINT "payout_runs_approved_check" CHECK (("payout_runs"."status" = 'approved') = ("payout_runs"."approved_by" is not null and "payout_runs"."approved_at" is not null)),
	CONSTRAINT "payout_runs_total_check" CHECK ("payout_runs"."total_pesewas" >= 0 and "payout_runs"."transfer_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"amount_pesewas" bigint NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'prepared' NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"network" text,
	"account_number" text NOT NULL,
	"bank_code" text,
	"account_name" text NOT NULL,
	"provider_transfer_code" text,
	"fee_pesewas" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"initiated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_status_check" CHECK ("payout_transfers"."status" in ('prepared', 'queued', 'pending', 'success', 'failed', 'reversed', 'cancelled')),
	CONSTRAINT "payout_transfers_amount_check" CHECK ("payout_transfers"."amount_pesewas" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"body_sha256" text NOT NULL,
	"event" text NOT NULL,
	"reference" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_records" ADD COLUMN "payout_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_record_id_payment_records_id_fk" FOREIGN KEY ("payment_record_id") REFERENCES "public"."payment_records"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("payout_transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_detail_changes" ADD CONSTRAINT "payout_detail_changes_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_prepared_by_users_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_doctor_id_users_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_doctor_key" ON "ledger_accounts" USING btree ("doctor_id") WHERE "ledger_accounts"."doctor_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_network_kind_key" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."doctor_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("payout_transfer_id") WHERE "ledger_entries"."payout_transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_account_idx" ON "ledger_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "payout_detail_changes_doctor_idx" ON "payout_detail_changes" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_reconciliations_day_idx" ON "payout_reconciliations" USING btree ("day" DESC NULLS LAST,"ran_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_runs_prepared_idx" ON "payout_runs" USING btree ("prepared_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_one_prepared_key" ON "payout_runs" USING btree ("status") WHERE "payout_runs"."status" = 'prepared';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_reference_key" ON "payout_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_run_doctor_key" ON "payout_transfers" USING btree ("run_id","doctor_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_doctor_idx" ON "payout_transfers" USING btree ("doctor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payout_transfers_status_idx" ON "payout_transfers" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_webhook_events_body_key" ON "payout_webhook_events" USING btree ("provider","body_sha256");--> statement-breakpoint
CREATE INDEX "payout_webhook_events_reference_idx" ON "payout_webhook_events" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "payment_records" ADD CONSTRAINT "payment_records_payout_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("payout_transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_records_payout_transfer_idx" ON "payment_records" USING btree ("payout_transfer_id") WHERE "payment_records"."payout_transfer_id" is not null;