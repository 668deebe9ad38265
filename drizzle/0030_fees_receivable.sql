-- Migrations run in one transaction: a database brought from before 0013 in one go has that
-- migration's ledger rows still waiting for their deferred balance checks, and PostgreSQL alters
-- no table with pending trigger events. Checked now, before the constraints below are replaced.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('cash', 'fees_receivable', 'doctor_payable', 'platform_revenue', 'provider_clearing', 'provider_fees'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('referral_completed', 'paid_outside', 'payout_initiated', 'payout_settled', 'payout_failed', 'payout_reversed', 'provider_fee', 'reclassification'));--> statement-breakpoint
-- Issue 40 (docs/decisions/026, "Fees receivable"): a completed referral's fee was booked as cash,
-- though nothing is collected at completion. The fees booked so far move, in one correcting entry,
-- from cash to the new fees receivable account (entries are never changed: the ledger is
-- append-only). Nothing is written on a database with no such fees.
UPDATE "ledger_accounts" SET "name" = 'Cash' WHERE "kind" = 'cash' AND "doctor_id" IS NULL;--> statement-breakpoint
INSERT INTO "ledger_accounts" ("kind", "name")
SELECT 'fees_receivable', 'Referral fees receivable'
WHERE EXISTS (SELECT 1 FROM "ledger_entries" WHERE "kind" = 'referral_completed')
ON CONFLICT DO NOTHING;--> statement-breakpoint
WITH booked AS (
  SELECT coalesce(sum(p."amount"), 0) AS amount
    FROM "ledger_postings" p
    JOIN "ledger_entries" e ON e."id" = p."entry_id"
    JOIN "ledger_accounts" a ON a."id" = p."account_id"
   WHERE e."kind" = 'referral_completed' AND a."kind" = 'cash' AND a."doctor_id" IS NULL
), entry AS (
  INSERT INTO "ledger_entries" ("idempotency_key", "kind", "memo")
  SELECT 'reclassification:0030-fees-receivable', 'reclassification',
         'Completed referrals'' fees booked as cash moved to fees receivable (not yet collected)'
    FROM booked WHERE amount > 0
  RETURNING "id"
)
INSERT INTO "ledger_postings" ("entry_id", "account_id", "amount")
SELECT entry."id", a."id", CASE WHEN a."kind" = 'fees_receivable' THEN booked.amount ELSE -booked.amount END
  FROM entry, booked, "ledger_accounts" a
 WHERE a."doctor_id" IS NULL AND a."kind" IN ('fees_receivable', 'cash');
