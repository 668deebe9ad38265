-- Issue 27 (docs/decisions/026): the ledger's rules, and the payment records written into it.
-- Entries and postings are append-only: a correction is a new entry, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '55000';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Every entry has at least two postings summing to zero, checked when its transaction commits.
CREATE FUNCTION ledger_check_entry(entry uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO total, lines FROM ledger_postings WHERE entry_id = entry;
  IF total <> 0 OR lines < 2 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: % postings summing to %', entry, lines, total USING ERRCODE = '23514';
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION ledger_posting_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_check_entry(NEW.entry_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_balances();--> statement-breakpoint
-- The network's accounts, and one payable account per doctor who has payment records.
INSERT INTO ledger_accounts (kind, name) VALUES
  ('cash', 'Fees received (cash)'),
  ('platform_revenue', 'Platform revenue'),
  ('provider_clearing', 'Payout provider clearing'),
  ('provider_fees', 'Payout provider fees');--> statement-breakpoint
INSERT INTO ledger_accounts (kind, doctor_id, name)
  SELECT DISTINCT 'doctor_payable', doctor_id, 'Payable to doctor' FROM payment_records;--> statement-breakpoint
-- Each payment record's completed referral: the fee received, the doctor's share owed, the platform's share earned.
INSERT INTO ledger_entries (idempotency_key, kind, memo, referral_id, payment_record_id, created_at)
  SELECT 'referral-completed:' || pr.referral_id, 'referral_completed', 'Referral ' || r.referral_number || ' completed',
         pr.referral_id, pr.id, pr.created_at
  FROM payment_records pr JOIN referrals r ON r.id = pr.referral_id
  WHERE r.referral_fee > 0
  ORDER BY pr.created_at, pr.id;--> statement-breakpoint
INSERT INTO ledger_postings (entry_id, account_id, amount, created_at)
  SELECT e.id, line.account_id, line.amount, e.created_at
  FROM payment_records pr
  JOIN referrals r ON r.id = pr.referral_id
  JOIN ledger_entries e ON e.idempotency_key = 'referral-completed:' || pr.referral_id
  CROSS JOIN LATERAL (VALUES
    (1, (SELECT id FROM ledger_accounts WHERE kind = 'cash' AND doctor_id IS NULL), r.referral_fee::bigint),
    (2, (SELECT id FROM ledger_accounts WHERE doctor_id = pr.doctor_id), -pr.amount_due::bigint),
    (3, (SELECT id FROM ledger_accounts WHERE kind = 'platform_revenue' AND doctor_id IS NULL), -(r.referral_fee - pr.amount_due)::bigint)
  ) AS line(n, account_id, amount)
  WHERE line.amount <> 0
  ORDER BY pr.created_at, pr.id, line.n;--> statement-breakpoint
-- Each record already marked as paid: paid outside the product (its method and reference in the memo).
INSERT INTO ledger_entries (idempotency_key, kind, memo, referral_id, payment_record_id, actor_id, created_at)
  SELECT 'paid-outside:' || pr.id, 'paid_outside', 'Paid outside the product: ' || pr.payment_method || ' ' || pr.payment_reference,
         pr.referral_id, pr.id, pr.paid_by, pr.paid_at
  FROM payment_records pr
  WHERE pr.status = 'paid' AND pr.amount_due > 0
  ORDER BY pr.paid_at, pr.id;--> statement-breakpoint
INSERT INTO ledger_postings (entry_id, account_id, amount, created_at)
  SELECT e.id, line.account_id, line.amount, e.created_at
  FROM payment_records pr
  JOIN ledger_entries e ON e.idempotency_key = 'paid-outside:' || pr.id
  CROSS JOIN LATERAL (VALUES
    (1, (SELECT id FROM ledger_accounts WHERE doctor_id = pr.doctor_id), pr.amount_due::bigint),
    (2, (SELECT id FROM ledger_accounts WHERE kind = 'cash' AND doctor_id IS NULL), -pr.amount_due::bigint)
  ) AS line(n, account_id, amount)
  ORDER BY pr.paid_at, pr.id, line.n;
