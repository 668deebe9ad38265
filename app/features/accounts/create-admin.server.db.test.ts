import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { messages, notificationPreferences, users } from "~/db/schema";
import { createAccount } from "../../../tests/helpers/accounts";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import { ensureSystemAdmin } from "./admin.server";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

/*
 * A system administrator made with `npm run create-admin` is
 * announced to the other approved system administrators as one invited on the web is (decision 033), by email
 * and by SMS where chosen, queued through the job queue in the transaction that made them.
 */

let h: TestDatabase;
beforeAll(async () => {
  h = await createTestDb({ workers: false });
}, 120_000);
afterAll(async () => {
  await h?.drop();
});

type Alert = { channel: string; recipient: string; subject: string; jobs: number };
async function alerts(): Promise<Alert[]> {
  const rows = await h.db.execute<{ channel: string; recipient: string; subject: string; jobs: string }>(sql`
    select m.channel, m.recipient, coalesce(m.payload->>'subject', m.payload->>'text') as subject,
           (select count(*) from pgboss.job j where j.name = 'send-message' and j.data->>'messageId' = m.id::text) as jobs
      from messages m where m.event = 'account.admin-alert' order by m.channel, m.recipient`);
  return rows.rows.map((r) => ({ ...r, jobs: Number(r.jobs) }));
}

async function clearAlerts() {
  await h.db.execute(sql`delete from pgboss.job where name = 'send-message'`);
  await h.db.delete(messages).where(eq(messages.event, "account.admin-alert"));
}

describe("npm run create-admin tells the other system administrators", () => {
  it("a new administrator: every other approved one by email (SMS where chosen), queued jobs; not the new one, not a pending one", async () => {
    const ama = await createAccount(h.db, { role: "system_admin", approved: true, email: "ama.admin@example.test" });
    const kofi = await createAccount(h.db, { role: "system_admin", approved: true, email: "kofi.admin@example.test" });
    await createAccount(h.db, { role: "system_admin", approved: false, email: "pending.admin@example.test" });
    await createAccount(h.db, { role: "doctor", approved: true, email: "doctor@example.test" });
    await h.db
      .update(users)
      .set({ confirmedPhone: "+233244000111", phoneConfirmedAt: new Date() })
      .where(eq(users.id, kofi.id));
    await h.db
      .insert(notificationPreferences)
      .values({ userId: kofi.id, channels: { "account.admin": ["email", "sms"] } });

    await ensureSystemAdmin(h.db, { email: "yaw.root@example.test", password: "Admin-Pass-New1", name: "Yaw Root" });
    const told = await alerts();
    expect(told).toEqual([
      {
        channel: "email",
        recipient: ama.email,
        subject: "A system administrator was added from the command line",
        jobs: 1,
      },
      {
        channel: "email",
        recipient: kofi.email,
        subject: "A system administrator was added from the command line",
        jobs: 1,
      },
      {
        channel: "sms",
        recipient: "+233244000111",
        subject: expect.stringMatching(
          /: a system administrator was added from the command line\. http:\/\/localhost:3000\/dashboard\/system-admin\/administrators$/,
        ),
        jobs: 1,
      },
    ]);
    const [mail] = await h.db
      .select({ payload: messages.payload })
      .from(messages)
      .where(and(eq(messages.recipient, ama.email), eq(messages.event, "account.admin-alert")));
    expect((mail!.payload as { text: string }).text).toContain(
      "Yaw Root (yaw.root@example.test) was added as a system administrator with create-admin, on the server's command line.",
    );
    await clearAlerts();

    // Run again with the same password (a restart with BOOTSTRAP_ADMIN_*): nothing changed, no one is told.
    await ensureSystemAdmin(h.db, { email: "yaw.root@example.test", password: "Admin-Pass-New1", name: "Yaw Root" });
    expect(await alerts()).toEqual([]);

    // A new password for an administrator: everyone is told, that administrator too.
    await ensureSystemAdmin(h.db, { email: "yaw.root@example.test", password: "Admin-Pass-New2", name: "Yaw Root" });
    expect((await alerts()).filter((a) => a.channel === "email").map((a) => [a.recipient, a.subject])).toEqual([
      [ama.email, "A system administrator's password was set from the command line"],
      [kofi.email, "A system administrator's password was set from the command line"],
      ["yaw.root@example.test", "A system administrator's password was set from the command line"],
    ]);
    await clearAlerts();

    // An existing account given the rights: the others are told.
    await ensureSystemAdmin(h.db, { email: "doctor@example.test", password: "Admin-Pass-New3", name: "Ignored" });
    const promoted = await alerts();
    expect(promoted.filter((a) => a.channel === "email").map((a) => a.recipient)).toEqual([
      ama.email,
      kofi.email,
      "yaw.root@example.test",
    ]);
    expect(promoted[0]!.subject).toBe("An account was made a system administrator from the command line");
    expect(promoted.every((a) => a.jobs === 1)).toBe(true);
  });

  it("the script's modules load under plain Node, as `npm run create-admin` runs them", async () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const node = path.join(root, "node_modules/.bin/node");
    const { stdout } = await promisify(execFile)(node, ["scripts/create-admin.ts", "--help"], {
      cwd: root,
      timeout: 60_000,
    });
    expect(stdout).toContain("Usage: npm run create-admin");
  }, 70_000);
});
