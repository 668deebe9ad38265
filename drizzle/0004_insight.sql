CREATE TABLE "payment_totals" (
	"status" text NOT NULL,
	"method" text NOT NULL,
	"payouts" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_totals_status_method_pk" PRIMARY KEY("status","method")
);
--> statement-breakpoint
CREATE TABLE "referral_daily" (
	"day" date NOT NULL,
	"urgency_level" text NOT NULL,
	"status" text NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_daily_day_urgency_level_status_pk" PRIMARY KEY("day","urgency_level","status")
);
--> statement-breakpoint
CREATE TABLE "referral_facility_monthly" (
	"month" date NOT NULL,
	"facility_id" uuid NOT NULL,
	"status" text NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_facility_monthly_month_facility_id_status_pk" PRIMARY KEY("month","facility_id","status")
);
--> statement-breakpoint
CREATE TABLE "referral_facility_weekly" (
	"week" date NOT NULL,
	"facility_id" uuid NOT NULL,
	"status" text NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_facility_weekly_week_facility_id_status_pk" PRIMARY KEY("week","facility_id","status")
);
--> statement-breakpoint
CREATE TABLE "referral_response_daily" (
	"day" date NOT NULL,
	"urgency_level" text NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	"doctor_share" bigint DEFAULT 0 NOT NULL,
	"platform_share" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_response_daily_day_urgency_level_kind_bucket_pk" PRIMARY KEY("day","urgency_level","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "referral_response_facility_monthly" (
	"month" date NOT NULL,
	"facility_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_response_facility_monthly_month_facility_id_kind_bucket_pk" PRIMARY KEY("month","facility_id","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "referral_response_facility_weekly" (
	"week" date NOT NULL,
	"facility_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint NOT NULL,
	"referrals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "referral_response_facility_weekly_week_facility_id_kind_bucket_pk" PRIMARY KEY("week","facility_id","kind","bucket")
);
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_approved_at_idx" ON "users" USING btree ("approved_at");--> statement-breakpoint
-- Insight rollups (decision 020): kept by statement-level triggers on referrals, one grouped
-- statement per rollup table and statement (not per row), like referral_totals (0001); every
-- rollup table gets the same shape of statement.
-- Trigger names sort "referral_rollups_a_remove" < "referral_rollups_b_add" < "referral_rollups_c_response"
-- < "referral_totals_*": every transaction takes its row locks in the same order.
CREATE FUNCTION referral_response_bucket(since timestamptz, until timestamptz) RETURNS smallint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT floor(10 * ln(1 + greatest(extract(epoch FROM until - since), 0) / 60))::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION referral_rollups_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_daily AS t (day, urgency_level, status, referrals)
    SELECT (created_at AT TIME ZONE 'Africa/Accra')::date, urgency_level, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, urgency_level, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
  INSERT INTO referral_facility_weekly AS t (week, facility_id, status, referrals)
    SELECT date_trunc('week', created_at AT TIME ZONE 'Africa/Accra')::date, facility_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (week, facility_id, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
  INSERT INTO referral_facility_monthly AS t (month, facility_id, status, referrals)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Accra')::date, facility_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, facility_id, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION referral_rollups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referral_daily t SET referrals = t.referrals - d.n
    FROM (SELECT (created_at AT TIME ZONE 'Africa/Accra')::date AS day, urgency_level AS urgency_level, status AS status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
   WHERE t.day = d.day AND t.urgency_level = d.urgency_level AND t.status = d.status;
  UPDATE referral_facility_weekly t SET referrals = t.referrals - d.n
    FROM (SELECT date_trunc('week', created_at AT TIME ZONE 'Africa/Accra')::date AS week, facility_id AS facility_id, status AS status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
   WHERE t.week = d.week AND t.facility_id = d.facility_id AND t.status = d.status;
  UPDATE referral_facility_monthly t SET referrals = t.referrals - d.n
    FROM (SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Accra')::date AS month, facility_id AS facility_id, status AS status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) d
   WHERE t.month = d.month AND t.facility_id = d.facility_id AND t.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An acceptance or a completion (a timestamp that was empty and is now set) adds one event.
CREATE FUNCTION referral_rollups_response_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH events AS (
    SELECT n.accepted_at AS at, n.facility_id, n.urgency_level, 'accept'::text AS kind,
           referral_response_bucket(n.created_at, n.accepted_at) AS bucket, 0::bigint AS ds, 0::bigint AS ps
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.accepted_at IS NOT NULL AND o.accepted_at IS NULL
    UNION ALL
    SELECT n.completed_at, n.facility_id, n.urgency_level, 'complete',
           referral_response_bucket(coalesce(n.accepted_at, n.created_at), n.completed_at), n.doctor_share, n.platform_share
      FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.completed_at IS NOT NULL AND o.completed_at IS NULL
  ), r0 AS (
  INSERT INTO referral_response_daily AS t (day, urgency_level, kind, bucket, referrals, doctor_share, platform_share)
    SELECT (at AT TIME ZONE 'Africa/Accra')::date, urgency_level, kind, bucket, count(*), sum(ds), sum(ps) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, urgency_level, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals,
      doctor_share = t.doctor_share + excluded.doctor_share, platform_share = t.platform_share + excluded.platform_share
  RETURNING 1), r1 AS (
  INSERT INTO referral_response_facility_weekly AS t (week, facility_id, kind, bucket, referrals)
    SELECT date_trunc('week', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (week, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals
  RETURNING 1)
  INSERT INTO referral_response_facility_monthly AS t (month, facility_id, kind, bucket, referrals)
    SELECT date_trunc('month', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION referral_rollups_response_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH events AS (
    SELECT n.accepted_at AS at, n.facility_id, n.urgency_level, 'accept'::text AS kind,
           referral_response_bucket(n.created_at, n.accepted_at) AS bucket, 0::bigint AS ds, 0::bigint AS ps
      FROM new_rows n WHERE n.accepted_at IS NOT NULL
    UNION ALL
    SELECT n.completed_at, n.facility_id, n.urgency_level, 'complete',
           referral_response_bucket(coalesce(n.accepted_at, n.created_at), n.completed_at), n.doctor_share, n.platform_share
      FROM new_rows n WHERE n.completed_at IS NOT NULL
  ), r0 AS (
  INSERT INTO referral_response_daily AS t (day, urgency_level, kind, bucket, referrals, doctor_share, platform_share)
    SELECT (at AT TIME ZONE 'Africa/Accra')::date, urgency_level, kind, bucket, count(*), sum(ds), sum(ps) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, urgency_level, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals,
      doctor_share = t.doctor_share + excluded.doctor_share, platform_share = t.platform_share + excluded.platform_share
  RETURNING 1), r1 AS (
  INSERT INTO referral_response_facility_weekly AS t (week, facility_id, kind, bucket, referrals)
    SELECT date_trunc('week', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (week, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals
  RETURNING 1)
  INSERT INTO referral_response_facility_monthly AS t (month, facility_id, kind, bucket, referrals)
    SELECT date_trunc('month', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER referral_rollups_a_remove_on_update AFTER UPDATE ON "referrals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_remove();
--> statement-breakpoint
CREATE TRIGGER referral_rollups_b_add_on_update AFTER UPDATE ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_add();
--> statement-breakpoint
CREATE TRIGGER referral_rollups_c_response_on_update AFTER UPDATE ON "referrals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_response_update();
--> statement-breakpoint
CREATE TRIGGER referral_rollups_b_add_on_insert AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_add();
--> statement-breakpoint
CREATE TRIGGER referral_rollups_c_response_on_insert AFTER INSERT ON "referrals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_response_insert();
--> statement-breakpoint
-- Referrals are never deleted by the product; if one is, its counts go (its history stays in the histograms).
CREATE TRIGGER referral_rollups_a_remove_on_delete AFTER DELETE ON "referrals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION referral_rollups_remove();
--> statement-breakpoint
-- What is already there.
INSERT INTO referral_daily AS t (day, urgency_level, status, referrals)
    SELECT (created_at AT TIME ZONE 'Africa/Accra')::date, urgency_level, status, count(*) FROM referrals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, urgency_level, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
--> statement-breakpoint
INSERT INTO referral_facility_weekly AS t (week, facility_id, status, referrals)
    SELECT date_trunc('week', created_at AT TIME ZONE 'Africa/Accra')::date, facility_id, status, count(*) FROM referrals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (week, facility_id, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
--> statement-breakpoint
INSERT INTO referral_facility_monthly AS t (month, facility_id, status, referrals)
    SELECT date_trunc('month', created_at AT TIME ZONE 'Africa/Accra')::date, facility_id, status, count(*) FROM referrals GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, facility_id, status) DO UPDATE SET referrals = t.referrals + excluded.referrals;
--> statement-breakpoint
WITH events AS (
    SELECT n.accepted_at AS at, n.facility_id, n.urgency_level, 'accept'::text AS kind,
           referral_response_bucket(n.created_at, n.accepted_at) AS bucket, 0::bigint AS ds, 0::bigint AS ps
      FROM referrals n WHERE n.accepted_at IS NOT NULL
    UNION ALL
    SELECT n.completed_at, n.facility_id, n.urgency_level, 'complete',
           referral_response_bucket(coalesce(n.accepted_at, n.created_at), n.completed_at), n.doctor_share, n.platform_share
      FROM referrals n WHERE n.completed_at IS NOT NULL
  ), r0 AS (
  INSERT INTO referral_response_daily AS t (day, urgency_level, kind, bucket, referrals, doctor_share, platform_share)
    SELECT (at AT TIME ZONE 'Africa/Accra')::date, urgency_level, kind, bucket, count(*), sum(ds), sum(ps) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, urgency_level, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals,
      doctor_share = t.doctor_share + excluded.doctor_share, platform_share = t.platform_share + excluded.platform_share
  RETURNING 1), r1 AS (
  INSERT INTO referral_response_facility_weekly AS t (week, facility_id, kind, bucket, referrals)
    SELECT date_trunc('week', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (week, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals
  RETURNING 1)
  INSERT INTO referral_response_facility_monthly AS t (month, facility_id, kind, bucket, referrals)
    SELECT date_trunc('month', at AT TIME ZONE 'Africa/Accra')::date, facility_id, kind, bucket, count(*) FROM events GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (month, facility_id, kind, bucket) DO UPDATE SET referrals = t.referrals + excluded.referrals;
--> statement-breakpoint
-- Payouts per status and method, kept like the referral rollups (a pending payout's method is "").
CREATE FUNCTION payment_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO payment_totals AS t (status, method, payouts, amount)
    SELECT status, coalesce(payment_method, ''), count(*), sum(amount_due) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (status, method) DO UPDATE SET payouts = t.payouts + excluded.payouts, amount = t.amount + excluded.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION payment_totals_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_totals t SET payouts = t.payouts - d.n, amount = t.amount - d.s
    FROM (SELECT status, coalesce(payment_method, '') AS method, count(*) AS n, sum(amount_due) AS s
            FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
   WHERE t.status = d.status AND t.method = d.method;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_totals_a_remove_on_update AFTER UPDATE ON "payment_records"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_remove();
--> statement-breakpoint
CREATE TRIGGER payment_totals_b_add_on_update AFTER UPDATE ON "payment_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_add();
--> statement-breakpoint
CREATE TRIGGER payment_totals_b_add_on_insert AFTER INSERT ON "payment_records"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_add();
--> statement-breakpoint
CREATE TRIGGER payment_totals_a_remove_on_delete AFTER DELETE ON "payment_records"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_totals_remove();
--> statement-breakpoint
INSERT INTO payment_totals (status, method, payouts, amount)
  SELECT status, coalesce(payment_method, ''), count(*), sum(amount_due) FROM payment_records GROUP BY 1, 2;
