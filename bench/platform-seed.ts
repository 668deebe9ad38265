// The referral platform's data at a chosen size, for benchmarks: bench/referrals-seed.ts (a million
// referrals on PostgreSQL) and the signed-in dashboard of `npm run bench` (PGlite and PostgreSQL).
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../app/db/client.server.ts";

async function step(
  handle: DatabaseHandle,
  label: string,
  query: ReturnType<typeof sql>,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  await handle.db.execute(query);
  log(`  ${label}: ${Math.round(performance.now() - started)} ms`);
}

export type PlatformSize = { referrals: number; users: number; facilities: number; waitlist: number };

/**
 * Seeds a referral platform of the given size on a migrated database (PostgreSQL or PGlite):
 * facilities, users (90% doctors, 80% of them verified; 9% approved facility administrators;
 * 1% system administrators), patients, referrals in every status over two years, the payment
 * records of completed referrals and waitlist entries; then vacuum (analyze).
 * Everything in set-based SQL (generate_series): a million referrals in well under a minute.
 */
export async function seedPlatform(
  handle: DatabaseHandle,
  size: PlatformSize,
  log: (line: string) => void = console.log,
): Promise<void> {
  const { referrals: REFERRALS, users: USERS, facilities: FACILITIES, waitlist: WAITLIST } = size;
  const PATIENTS = Math.max(1000, Math.round(REFERRALS / 5));
  log("seeding:");
  await step(
    handle,
    `${FACILITIES} facilities`,
    sql`insert into facilities (slug, name, type, location, country, address, description, image, contact)
        select 'bench-' || i, 'Bench Facility ' || i, (array['hospital','clinic','diagnostic','specialty'])[1 + i % 4],
               'Accra, Ghana', 'ghana', i || ' Ring Road, Accra', 'A facility for the benchmark', '/images/facility.jpg',
               jsonb_build_object('phones', jsonb_build_array('+233 30 000 0000'), 'email', 'f' || i || '@bench.test', 'address', 'Accra')
        from generate_series(1, ${FACILITIES}::int) i`,
    log,
  );
  // 90% doctors (80% of them verified), 9% facility administrators (approved, 9 per facility), 1% system administrators.
  await step(
    handle,
    `${USERS} users`,
    sql`insert into users (full_name, email, email_verified, role, is_verified, approval_status, facility_id, specialty, created_at, approved_at)
        select 'Bench User ' || i, 'user-' || i || '@bench.test', true,
               case when i % 100 < 90 then 'doctor' when i % 100 < 99 then 'facility_admin' else 'system_admin' end,
               case when i % 100 < 90 then i % 5 <> 0 else true end,
               case when i % 100 < 90 and i % 5 = 0 then 'pending' else 'approved' end,
               case when i % 100 between 90 and 98 then (select id from facilities order by slug offset (i % ${FACILITIES}::int) limit 1) end,
               case when i % 100 < 90 then 'Cardiology' end,
               now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second',
               -- Approved a day after registering (growth over time); pending doctors have no approval.
               case when not (i % 100 < 90 and i % 5 = 0)
                    then now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second' + interval '1 day' end
        from generate_series(1, ${USERS}::int) i`,
    log,
  );
  await step(
    handle,
    `${PATIENTS} patients`,
    sql`insert into patients (full_name, phone)
        select 'Patient ' || i, '+23320' || lpad(i::text, 7, '0') from generate_series(1, ${PATIENTS}::int) i`,
    log,
  );
  // One statement at a time (PGlite's extended protocol takes no multi-statement strings).
  // Temporary tables: the pool hands the same idle connection back to each sequential query.
  for (const table of [
    sql`create temporary table bench_doctors as select row_number() over () as n, id from users where role = 'doctor' and is_verified`,
    sql`create temporary table bench_facilities as select row_number() over () as n, id from facilities`,
    sql`create temporary table bench_patients as select row_number() over () as n, id, phone from patients`,
  ]) {
    await step(handle, "lookup table", table, log);
  }
  // Statuses: 20% pending, 20% accepted, 10% rejected, 50% completed; created over the last two years.
  const batch = 250_000;
  for (let start = 1; start <= REFERRALS; start += batch) {
    const end = Math.min(REFERRALS, start + batch - 1);
    await step(
      handle,
      `referrals ${start}-${end}`,
      sql`with base as (
            select i, now() - ((i::bigint * 7919) % 63072000) * interval '1 second' as created,
                   case when i % 10 < 2 then 'pending' when i % 10 < 4 then 'accepted' when i % 10 < 5 then 'rejected' else 'completed' end as status,
                   1 + (i::bigint * 48271) % (select count(*) from bench_doctors) as d,
                   1 + (i::bigint * 16807) % (select count(*) from bench_facilities) as f,
                   1 + (i::bigint * 69621) % (select count(*) from bench_patients) as p
            from generate_series(${start}::int, ${end}::int) i
          )
          insert into referrals (doctor_id, facility_id, patient_id, patient_name, patient_phone, chief_complaint,
                                 clinical_notes, urgency_level, status, created_at, accepted_at, rejected_at, completed_at,
                                 rejection_reason, referral_fee, doctor_share, platform_share)
          select bd.id, bf.id, bp.id, 'Patient ' || b.p, bp.phone, 'Chest pain on exertion, referral ' || b.i,
                 'Notes for referral ' || b.i, (array['routine','urgent','emergency'])[1 + b.i % 3], b.status, b.created,
                 case when b.status in ('accepted','completed') then b.created + interval '1 hour' end,
                 case when b.status = 'rejected' then b.created + interval '2 hours' end,
                 case when b.status = 'completed' then b.created + interval '3 days' end,
                 case when b.status = 'rejected' then 'No capacity' end,
                 10000, 7000, 3000
          from base b
          join bench_doctors bd on bd.n = b.d
          join bench_facilities bf on bf.n = b.f
          join bench_patients bp on bp.n = b.p`,
      log,
    );
  }
  await step(
    handle,
    "payment records (completed referrals; older half paid)",
    sql`insert into payment_records (referral_id, doctor_id, amount_due, status, payment_method, payment_reference, paid_at, created_at)
        select id, doctor_id, doctor_share,
               case when completed_at < now() - interval '1 year' then 'paid' else 'pending' end,
               case when completed_at < now() - interval '1 year' then 'Mobile Money' end,
               case when completed_at < now() - interval '1 year' then 'MM-' || referral_number end,
               case when completed_at < now() - interval '1 year' then completed_at + interval '1 day' end,
               completed_at
        from referrals where status = 'completed'`,
    log,
  );
  // The audit log: every referral's creation, and the transition that brought it to its status.
  await step(
    handle,
    "audit events (creations and transitions)",
    sql`insert into audit_events (actor_id, action, subject_type, subject_id, from_status, to_status, reason, created_at)
        select r.doctor_id, 'referral.created', 'referral', r.id, null, 'pending', null, r.created_at from referrals r
        union all
        select a.id, 'referral.' || r.status, 'referral', r.id, case when r.status = 'completed' then 'accepted' else 'pending' end,
               r.status, r.rejection_reason, coalesce(r.completed_at, r.rejected_at, r.accepted_at)
          from referrals r
          join lateral (select id from users u where u.facility_id = r.facility_id limit 1) a on true
         where r.status <> 'pending'`,
    log,
  );
  await step(
    handle,
    `${WAITLIST} waitlist entries`,
    sql`insert into hub_waitlist (hub_id, email, user_type, full_name, country, created_at)
        select (array['cervical-cancer','prostate-cancer','diabetes-care','mental-health'])[1 + i % 4],
               'wait-' || i || '@bench.test', 'professional', 'Waiting ' || i, 'Ghana', now() - i * interval '1 hour'
        from generate_series(1, ${WAITLIST}::int) i`,
    log,
  );
  await step(handle, "vacuum (analyze)", sql`vacuum (analyze)`, log);
}

/** The password of the benchmarks' signed-in users below (the bootstrap administrator has its own). */
export const BENCH_PASSWORD = "Bench-User-Pass-1";
/** An approved facility administrator (of the first facility by slug) and a verified doctor who can sign in. */
export const BENCH_USERS = {
  facilityAdmin: { email: "bench-facility-admin@example.org", name: "Bench Facility Administrator" },
  doctor: { email: "bench-doctor@example.org", name: "Bench Doctor" },
} as const;

/**
 * Adds BENCH_USERS with BENCH_PASSWORD (a credential account, the hash better-auth checks) and
 * `pending` pending referrals from the doctor to the facility administrator's facility: what the
 * interaction benchmark clicks Accept on, and what the bundle report's signed-in dashboards show.
 * Needs at least one facility (the site's content or seedPlatform's).
 */
export async function seedBenchUsers(handle: DatabaseHandle, pending = 40): Promise<void> {
  const { hashPassword } = await import("better-auth/crypto");
  const hash = await hashPassword(BENCH_PASSWORD);
  const { facilityAdmin, doctor } = BENCH_USERS;
  await handle.db.execute(
    sql`insert into users (full_name, email, email_verified, role, is_verified, approval_status, approved_at, facility_id, specialty)
        values (${doctor.name}, ${doctor.email}, true, 'doctor', true, 'approved', now(), null, 'Cardiology'),
               (${facilityAdmin.name}, ${facilityAdmin.email}, true, 'facility_admin', true, 'approved', now(),
                (select id from facilities order by slug limit 1), null)`,
  );
  await handle.db.execute(
    sql`insert into accounts (user_id, account_id, provider_id, password)
        select id, id::text, 'credential', ${hash} from users where email in (${doctor.email}, ${facilityAdmin.email})`,
  );
  await handle.db.execute(
    sql`insert into patients (full_name, phone) values ('Bench Patient', '+233559990000') on conflict (phone) do nothing`,
  );
  await handle.db.execute(
    sql`insert into referrals (doctor_id, facility_id, patient_id, patient_name, patient_phone, chief_complaint,
                               clinical_notes, urgency_level, status, created_at, referral_fee, doctor_share, platform_share)
        select d.id, a.facility_id, p.id, 'Bench Patient ' || i, p.phone, 'Persistent cough, bench referral ' || i,
               'Notes', (array['routine','urgent','emergency'])[1 + i % 3], 'pending', now() - i * interval '1 minute',
               10000, 7000, 3000
        from generate_series(1, ${pending}::int) i,
             (select id from users where email = ${doctor.email}) d,
             (select facility_id from users where email = ${facilityAdmin.email}) a,
             (select id, phone from patients where phone = '+233559990000') p`,
  );
}
