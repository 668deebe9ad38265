import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { MIGRATIONS_DIR } from "~/db/migrate.server";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";

/**
 * Migration 0013 writes every existing payment record into the ledger: the totals a finance lead
 * reads (owed, paid, fees, platform share, each doctor's balance) are the same before and after.
 * Migration 0030 then moves the fees booked as cash to fees receivable, in one correcting entry.
 */
const LAST_BEFORE_LEDGER = 11;

let t: TestDatabase;
let oldDir: string;

async function migrateWith(folder: string) {
  const config = { migrationsFolder: folder };
  await t.db.execute(sql`create extension if not exists pg_trgm`);
  if (t.kind === "pglite") await migratePglite(t.db as unknown as PgliteDatabase<Record<string, never>>, config);
  else await migratePg(t.db, config);
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestDb({ migrate: false });
  if (t.kind === "pglite") {
    // createTestDb migrated the in-memory database already: start again from an empty one.
    await t.close();
    const { openDatabase } = await import("~/db/client.server");
    const handle = await openDatabase({ kind: "pglite" });
    t = { ...handle, name: "pglite:memory", drop: () => handle.close() };
  }
  oldDir = mkdtempSync(path.join(tmpdir(), "qh-migrations-"));
  cpSync(MIGRATIONS_DIR, oldDir, { recursive: true });
  const journalPath = path.join(oldDir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= LAST_BEFORE_LEDGER);
  writeFileSync(journalPath, JSON.stringify(journal));
  await migrateWith(oldDir);
}, 120_000);

afterAll(async () => {
  await t?.drop();
  if (oldDir) rmSync(oldDir, { recursive: true, force: true });
});

describe("migrations 0013 and 0030: payment records into the ledger, fees receivable", () => {
  it("keeps every total: owed, paid, fees, platform share and each doctor's balance", async () => {
    const db = t.db;
    await db.execute(sql`
      insert into facilities (id, slug, name, type, location, country, address, description, image, contact)
      values ('00000000-0000-4000-8000-00000000f001', 'f1', 'Facility One', 'hospital', 'Accra', 'Ghana', 'Road', 'd', '/i.jpg', '{}')`);
    const doctors = [
      "00000000-0000-4000-8000-0000000000d1",
      "00000000-0000-4000-8000-0000000000d2",
      "00000000-0000-4000-8000-0000000000d3",
    ];
    const admin = "00000000-0000-4000-8000-0000000000a1";
    for (const [i, id] of [...doctors, admin].entries()) {
      await db.execute(sql`insert into users (id, full_name, email, role, approval_status, approved_at)
        values (${id}, ${`Person ${i}`}, ${`p${i}@example.test`}, ${id === admin ? "system_admin" : "doctor"}, 'approved', now())`);
    }
    await db.execute(
      sql`insert into patients (id, full_name, phone) values ('00000000-0000-4000-8000-0000000000b1', 'Pat', '+233205550147')`,
    );
    // 25 completed referrals spread over three doctors, some paid, one with an unusual split.
    let n = 0;
    for (const [d, doctor] of doctors.entries()) {
      for (let k = 0; k < 6 + d * 2; k++) {
        n += 1;
        const referralId = `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
        const fee = n === 7 ? 12_000 : 10_000;
        const share = n === 7 ? 8_000 : 7_000;
        await db.execute(sql`insert into referrals (id, referral_number, doctor_id, facility_id, patient_id, patient_name,
            patient_phone, chief_complaint, urgency_level, status, referral_fee, doctor_share, platform_share,
            accepted_at, completed_at, outcome_note, created_at)
          values (${referralId}, ${`REF-2026-${String(n).padStart(6, "0")}`}, ${doctor}, '00000000-0000-4000-8000-00000000f001',
            '00000000-0000-4000-8000-0000000000b1', 'Pat', '+233205550147', 'Reason', 'routine', 'completed', ${fee},
            ${share}, ${fee - share}, now() - ${`${61 - n} days`}::interval, now() - ${`${60 - n} days`}::interval,
            'Seen', now() - ${`${61 - n} days`}::interval)`);
        const paid = k % 3 === 0;
        await db.execute(sql`insert into payment_records (referral_id, doctor_id, amount_due, status, payment_method,
            payment_reference, paid_at, paid_by, created_at)
          values (${referralId}, ${doctor}, ${share}, ${paid ? "paid" : "pending"}, ${paid ? "MTN MoMo" : null},
            ${paid ? `TX${n}` : null}, ${paid ? sql`now() - ${`${30 - n} days`}::interval` : null}, ${paid ? admin : null},
            now() - ${`${60 - n} days`}::interval)`);
      }
    }
    type Before = { owed: string; paid: string; pending: string; fees: string; platform: string; records: string };
    const [before] = await rows<Before>(
      db,
      sql`select sum(pr.amount_due) as owed,
            coalesce(sum(pr.amount_due) filter (where pr.status = 'paid'), 0) as paid,
            coalesce(sum(pr.amount_due) filter (where pr.status = 'pending'), 0) as pending,
            sum(r.referral_fee) as fees, sum(r.referral_fee - pr.amount_due) as platform, count(*) as records
          from payment_records pr join referrals r on r.id = pr.referral_id`,
    );
    const perDoctorBefore = await rows<{ doctor_id: string; pending: string }>(
      db,
      sql`select doctor_id, sum(amount_due) filter (where status = 'pending') as pending from payment_records group by doctor_id order by doctor_id`,
    );
    expect(Number(before.records)).toBe(6 + 8 + 10);

    await migrateWith(MIGRATIONS_DIR);

    const balance = async (where: ReturnType<typeof sql>) => {
      const [row] = await rows<{ total: string | null }>(
        db,
        sql`select sum(p.amount) as total from ledger_postings p join ledger_accounts a on a.id = p.account_id where ${where}`,
      );
      return Number(row?.total ?? 0);
    };
    expect(await balance(sql`true`)).toBe(0);
    // Liabilities and revenue are credits (negative sums).
    expect(-(await balance(sql`a.kind = 'doctor_payable'`))).toBe(Number(before.pending));
    expect(-(await balance(sql`a.kind = 'platform_revenue'`))).toBe(Number(before.platform));
    // Migration 0030: the fees are receivable from the facilities, not cash (nothing collected
    // them); cash has only paid the doctors paid outside the product.
    expect(await balance(sql`a.kind = 'fees_receivable'`)).toBe(Number(before.fees));
    expect(await balance(sql`a.kind = 'cash'`)).toBe(-Number(before.paid));
    const [moved] = await rows<{ n: string }>(
      db,
      sql`select count(*) as n from ledger_entries where kind = 'reclassification'`,
    );
    expect(Number(moved.n)).toBe(1);
    for (const row of perDoctorBefore) {
      expect(-(await balance(sql`a.doctor_id = ${row.doctor_id}`))).toBe(Number(row.pending ?? 0));
    }
    const [entries] = await rows<{ completed: string; paid: string }>(
      db,
      sql`select count(*) filter (where kind = 'referral_completed') as completed,
                 count(*) filter (where kind = 'paid_outside') as paid from ledger_entries`,
    );
    expect(Number(entries.completed)).toBe(Number(before.records));
    const [paidCount] = await rows<{ n: string }>(
      db,
      sql`select count(*) as n from payment_records where status = 'paid'`,
    );
    expect(Number(entries.paid)).toBe(Number(paidCount.n));
  }, 120_000);
});
