// Decision 020's numbers at scale, run by bench/referrals-seed.ts on its million-referral database:
// each overview query as the loaders call it (target p95 <= 100 ms on PostgreSQL), and a CSV
// export of every referral streamed to nowhere while the process's memory is sampled (target:
// less than 100 MB of growth).
import { sql } from "drizzle-orm";
import type { Actor } from "~/auth/actor.server";
import { actorById } from "~/auth/actor.server";
import type { DatabaseHandle } from "~/db/client.server";
import { auditFiltersFrom, listAuditLog } from "~/features/audit/audit-log.server";
import { referralFiltersFrom, referralsCsv } from "~/features/exports/exports.server";
import { doctorInsight, facilityInsight, systemOverview } from "~/features/insight/insight.server";

export const INSIGHT_BUDGET_MS = 100;
export const EXPORT_MEMORY_BUDGET_MB = 100;

type Measure<S> = (label: string, run: (i: number) => Promise<unknown>) => Promise<S>;

async function someone(handle: DatabaseHandle, where: ReturnType<typeof sql>): Promise<Actor> {
  const result = await handle.db.execute<{ id: string }>(sql`select id from users where ${where} limit 1`);
  return actorById(handle.db, result.rows[0].id);
}

/** The overview queries (system administrator per period, a facility's, a doctor's) and the audit log. */
export async function measureInsight<S>(handle: DatabaseHandle, measure: Measure<S>): Promise<S[]> {
  const admin = await someone(handle, sql`role = 'system_admin' and approval_status = 'approved'`);
  const facilityAdmin = await someone(
    handle,
    sql`role = 'facility_admin' and approval_status = 'approved' and facility_id is not null`,
  );
  const doctor = await someone(handle, sql`role = 'doctor' and is_verified`);
  const { rows } = await handle.db.execute<{ referral_number: string }>(
    sql`select referral_number from referrals order by created_at desc offset 5000 limit 1`,
  );
  const number = rows[0]?.referral_number ?? "REF-2026-000001";
  return [
    await measure("overview, 4 weeks (system admin)", () => systemOverview(handle.db, admin, "4w")),
    await measure("overview, 12 weeks (system admin)", () => systemOverview(handle.db, admin, "12w")),
    await measure("overview, 12 months (system admin)", () => systemOverview(handle.db, admin, "12m")),
    await measure("facility insight, 12 months", () => facilityInsight(handle.db, facilityAdmin)),
    await measure("doctor insight, 12 months", () => doctorInsight(handle.db, doctor)),
    await measure("audit log, page 1", () => listAuditLog(handle.db, admin, auditFiltersFrom(new URLSearchParams()))),
    await measure("audit log, one referral", () =>
      listAuditLog(handle.db, admin, auditFiltersFrom(new URLSearchParams({ referral: number }))),
    ),
  ];
}

export type ExportMeasurement = {
  rows: number;
  megabytes: number;
  seconds: number;
  rssGrowthMb: number;
  heapGrowthMb: number;
  pass: boolean;
};

/** Streams every referral as CSV (read as a client would, bytes discarded) and samples memory. */
export async function measureExport(handle: DatabaseHandle): Promise<ExportMeasurement> {
  const admin = await someone(handle, sql`role = 'system_admin' and approval_status = 'approved'`);
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 50);
  const started = performance.now();
  const file = await referralsCsv(handle.db, admin, referralFiltersFrom(new URLSearchParams()));
  const reader = file.stream.getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
  }
  clearInterval(sampler);
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  const rssGrowthMb = mb(peakRss - before.rss);
  return {
    rows: lines - 1,
    megabytes: mb(bytes),
    seconds: Math.round((performance.now() - started) / 100) / 10,
    rssGrowthMb,
    heapGrowthMb: mb(peakHeap - before.heapUsed),
    pass: rssGrowthMb < EXPORT_MEMORY_BUDGET_MB,
  };
}
