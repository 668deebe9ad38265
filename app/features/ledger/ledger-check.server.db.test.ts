import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { accountId, postEntry } from "./ledger.server";
import { runLedgerCheck } from "./ledger-check.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let adminEmail: string;

beforeAll(async () => {
  h = await createTestDb();
  adminEmail = (await createAccount(h.db, { role: "system_admin", approved: true })).email;
  await createAccount(h.db, { role: "system_admin", approved: false });
}, 120_000);

afterAll(async () => {
  await h?.drop();
});

const alerts = () =>
  h.db
    .select({ recipient: messages.recipient })
    .from(messages)
    .where(and(eq(messages.event, "ledger.check_failed"), eq(messages.channel, "email")));

describe("the nightly ledger check", () => {
  it("is scheduled every night on the job queue", async () => {
    const result = await h.db.execute(
      sql`select name, cron, timezone from pgboss.schedule where name = 'ledger-check'`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { name: "ledger-check", cron: "30 1 * * *", timezone: "Africa/Accra" },
    ]);
  });

  it("says nothing when the ledger balances", async () => {
    await postEntry(h.db, {
      idempotencyKey: "check:balanced",
      kind: "provider_fee",
      memo: "fee",
      lines: [
        { account: { kind: "provider_fees" }, amount: 100 },
        { account: { kind: "cash" }, amount: -100 },
      ],
    });
    expect(await runLedgerCheck(h.db)).toEqual({ ok: true, total: 0, unbalancedEntries: [] });
    expect(await alerts()).toEqual([]);
  });

  it("emails every approved system administrator when the database's guard was bypassed", async () => {
    const cash = await accountId(h.db, { kind: "cash" });
    const revenue = await accountId(h.db, { kind: "platform_revenue" });
    // What a restore gone wrong could leave: the balance triggers off, an entry that does not balance.
    await h.db.execute(sql`alter table ledger_postings disable trigger ledger_postings_balanced`);
    await h.db.execute(sql`alter table ledger_entries disable trigger ledger_entries_balanced`);
    await h.db.transaction(async (tx) => {
      const inserted = await tx.execute(
        sql`insert into ledger_entries (idempotency_key, kind, memo) values ('check:broken', 'provider_fee', 'broken') returning id`,
      );
      const id = (inserted as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await tx.execute(
        sql`insert into ledger_postings (entry_id, account_id, amount) values (${id}, ${cash}, 500), (${id}, ${revenue}, -300)`,
      );
    });
    await h.db.execute(sql`alter table ledger_postings enable trigger ledger_postings_balanced`);
    await h.db.execute(sql`alter table ledger_entries enable trigger ledger_entries_balanced`);
    const result = await runLedgerCheck(h.db);
    expect(result).toEqual({ ok: false, total: 200, unbalancedEntries: ["check:broken"] });
    expect((await alerts()).map((r) => r.recipient)).toEqual([adminEmail]);
  });
});
