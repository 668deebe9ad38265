import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Actor, ANONYMOUS } from "~/auth/actor";
import { actorById } from "~/auth/actor.server";
import { messages, phoneConfirmations, users } from "~/db/schema";
import { refusalOf } from "~/lib/refusal";
import { createAccount } from "../../../tests/helpers/accounts";
import { statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import type { OutboundMessage } from "../messaging/providers/types.ts";
import {
  type CodeDelivery,
  confirmedPhoneOf,
  confirmPhoneCode,
  PHONE_CONFIRM_MESSAGES,
  phoneStatus,
  removeConfirmedPhone,
  requestPhoneCode,
} from "./phone-confirmation.server";

/** A domain call's old result shape, for these assertions: its value with ok: true, or its refusal with ok: false. */
async function outcome<T extends object>(call: Promise<T>) {
  try {
    return { ok: true as const, ...(await call) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false as const, ...refusal };
  }
}

/** The refusal a call threw (it must refuse). */
async function refusal(call: Promise<unknown>) {
  const result = await outcome(call.then(() => ({})));
  if (result.ok) throw new Error("expected a refusal");
  const { ok: _ok, ...rest } = result;
  return rest;
}

const phoneCodeRows = (phone: string) =>
  h.db.select().from(phoneConfirmations).where(eq(phoneConfirmations.phone, phone));

const dataDir = mkdtempSync(path.join(tmpdir(), "phone-codes-"));

/** The text of what the worker wrote to DATA_DIR/outbox for `recipient` (throws while there is none, for vi.waitFor). */
function outboxTo(recipient: string): string {
  const dir = path.join(dataDir, "outbox");
  const found = readdirSync(dir)
    .map(
      (f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as { to?: unknown; text?: string; subject?: string },
    )
    .filter((m) => JSON.stringify(m.to ?? "").includes(recipient));
  if (found.length === 0) throw new Error(`nothing sent to ${recipient} yet`);
  return found.map((m) => `${m.subject ?? ""}\n${m.text ?? ""}`).join("\n");
}
vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("DATA_DIR", dataDir);
vi.stubEnv("SMS_PROVIDER", "");

let h: TestDatabase;
const sent: OutboundMessage[] = [];
/** Captures each code SMS (as a queue would take it) so the test can read the code. */
const capture: CodeDelivery = {
  inTransaction: async (_tx, message) => {
    sent.push(message);
  },
};
const lastCode = () => /code is (\d{6})/.exec(sent.at(-1)?.text ?? "")?.[1] ?? "";
const minutes = (n: number, from = new Date()) => new Date(from.getTime() + n * 60_000);

async function user(): Promise<Actor> {
  const account = await createAccount(h.db, { approved: true });
  return actorById(h.db, account.id);
}

/** An approved account whose number was confirmed an hour before `now`. */
async function userWithNumber(phone: string, now = new Date()) {
  const account = await createAccount(h.db, { approved: true });
  await h.db
    .update(users)
    .set({ confirmedPhone: phone, phoneConfirmedAt: minutes(-60, now) })
    .where(eq(users.id, account.id));
  return { actor: await actorById(h.db, account.id), ...account };
}

/** The messages queued to `recipient` about `event`. */
async function queuedTo(recipient: string, event: string) {
  return h.db
    .select({ channel: messages.channel, payload: messages.payload })
    .from(messages)
    .where(and(eq(messages.recipient, recipient), eq(messages.event, event)));
}

beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.drop());

describe("confirming a phone number with a 6-digit code", () => {
  it("sends a code to the number in E.164 and confirms it once; the code itself is never stored", async () => {
    const actor = await user();
    const now = new Date();
    const result = await outcome(requestPhoneCode(h.db, actor, { phone: "020 555 0147" }, capture, now));
    expect(result).toMatchObject({ ok: true, phone: "+233205550147", display: "+233 20 555 0147" });
    expect(sent.at(-1)).toMatchObject({ to: "+233205550147" });
    const code = lastCode();
    expect(code).toMatch(/^\d{6}$/);
    const rows = await h.db.select().from(phoneConfirmations).where(eq(phoneConfirmations.phone, "+233205550147"));
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).not.toContain(code);
    expect(await confirmedPhoneOf(h.db, (actor as { id: string }).id)).toBeNull();

    expect(
      await outcome(confirmPhoneCode(h.db, actor, { code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }, minutes(1, now))),
    ).toEqual({
      ok: true,
      phone: "+233205550147",
    });
    expect(await confirmedPhoneOf(h.db, (actor as { id: string }).id)).toBe("+233205550147");
    // Used: the same code does not work twice.
    expect(await outcome(confirmPhoneCode(h.db, actor, { code }, minutes(1, now)))).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.noCode,
    });
    await removeConfirmedPhone(h.db, actor, { password: "Correct-Horse-9" });
    expect(await confirmedPhoneOf(h.db, (actor as { id: string }).id)).toBeNull();
  });

  it("refuses an invalid or fixed-line number and stores nothing", async () => {
    const actor = await user();
    const before = (await h.db.select().from(phoneConfirmations)).length;
    for (const phone of ["12", "hello", "0302 123456", ""]) {
      const result = await outcome(requestPhoneCode(h.db, actor, { phone }, capture));
      expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { phone: expect.any(String) } });
    }
    expect((await h.db.select().from(phoneConfirmations)).length).toBe(before);
  });

  it("a code lasts 5 minutes", async () => {
    const actor = await user();
    const now = new Date();
    await outcome(requestPhoneCode(h.db, actor, { phone: "0245551001" }, capture, now));
    const code = lastCode();
    expect(await outcome(confirmPhoneCode(h.db, actor, { code }, minutes(5, now)))).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.expired,
    });
  });

  it("3 tries: after three wrong codes even the right one is refused", async () => {
    const actor = await user();
    const now = new Date();
    await outcome(requestPhoneCode(h.db, actor, { phone: "0245551002" }, capture, now));
    const code = lastCode();
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: wrong }, now))).toMatchObject({
      message: PHONE_CONFIRM_MESSAGES.wrongCode,
    });
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: wrong }, now))).toMatchObject({
      message: PHONE_CONFIRM_MESSAGES.wrongCode,
    });
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: wrong }, now))).toMatchObject({
      message: PHONE_CONFIRM_MESSAGES.noTriesLeft,
    });
    expect(await outcome(confirmPhoneCode(h.db, actor, { code }, now))).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.noTriesLeft,
    });
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: "12ab56" }, now))).toMatchObject({
      message: PHONE_CONFIRM_MESSAGES.codeFormat,
    });
  });

  it("only the newest code counts", async () => {
    const actor = await user();
    const now = new Date();
    await outcome(requestPhoneCode(h.db, actor, { phone: "0245551003" }, capture, now));
    const first = lastCode();
    await outcome(requestPhoneCode(h.db, actor, { phone: "0245551003" }, capture, minutes(1, now)));
    const second = lastCode();
    if (first !== second) {
      expect(await outcome(confirmPhoneCode(h.db, actor, { code: first }, minutes(2, now)))).toMatchObject({
        ok: false,
      });
    }
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: second }, minutes(2, now)))).toMatchObject({ ok: true });
  });

  it("at most 3 codes per number per 15 minutes, counted per number whoever asks", async () => {
    const [a, b] = [await user(), await user()];
    const now = new Date();
    const phone = "0245551004";
    expect(await outcome(requestPhoneCode(h.db, a, { phone }, capture, now))).toMatchObject({ ok: true });
    expect(await outcome(requestPhoneCode(h.db, a, { phone }, capture, minutes(1, now)))).toMatchObject({ ok: true });
    expect(
      await outcome(requestPhoneCode(h.db, b, { phone: "+233245551004" }, capture, minutes(2, now))),
    ).toMatchObject({
      ok: true,
    });
    const count = sent.length;
    expect(await outcome(requestPhoneCode(h.db, b, { phone }, capture, minutes(3, now)))).toEqual({
      ok: false,
      status: 429,
      message: PHONE_CONFIRM_MESSAGES.tooMany,
      fieldErrors: { phone: PHONE_CONFIRM_MESSAGES.tooMany },
    });
    expect(sent.length).toBe(count);
    // Another number is not held up, and 15 minutes later this one may have codes again.
    expect(await outcome(requestPhoneCode(h.db, b, { phone: "0245551005" }, capture, minutes(3, now)))).toMatchObject({
      ok: true,
    });
    expect(await outcome(requestPhoneCode(h.db, a, { phone }, capture, minutes(16, now)))).toMatchObject({ ok: true });
  });

  it("at most 10 codes per number a day", async () => {
    const now = new Date();
    const phone = "0245551006";
    for (let i = 0; i < 10; i++) {
      const actor = await user();
      expect(await outcome(requestPhoneCode(h.db, actor, { phone }, capture, minutes(i * 16, now)))).toMatchObject({
        ok: true,
      });
    }
    expect(
      await outcome(requestPhoneCode(h.db, await user(), { phone }, capture, minutes(10 * 16, now))),
    ).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.tooMany,
    });
    // A day after the first, one slot is free again.
    expect(
      await outcome(requestPhoneCode(h.db, await user(), { phone }, capture, minutes(24 * 60 + 1, now))),
    ).toMatchObject({
      ok: true,
    });
  });

  it("concurrent requests for one number never pass the limit", async () => {
    const now = new Date();
    const actors = await Promise.all(Array.from({ length: 6 }, () => user()));
    const results = await Promise.all(
      actors.map((actor) => outcome(requestPhoneCode(h.db, actor, { phone: "0245551007" }, capture, now))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
  });

  it("an account may ask for 10 codes a day (no SMS bombing of many numbers)", async () => {
    const actor = await user();
    const now = new Date();
    for (let i = 0; i < 10; i++) {
      expect(await outcome(requestPhoneCode(h.db, actor, { phone: `02455520${10 + i}` }, capture, now))).toMatchObject({
        ok: true,
      });
    }
    expect(await outcome(requestPhoneCode(h.db, actor, { phone: "0245552099" }, capture, now))).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.tooManyForAccount,
    });
  });

  it("signed-out visitors are refused (401), accounts awaiting approval (403), and nothing is stored", async () => {
    const before = (await h.db.select().from(phoneConfirmations)).length;
    expect(await statusOf(requestPhoneCode(h.db, ANONYMOUS, { phone: "0245551008" }, capture))).toBe(401);
    expect(await statusOf(confirmPhoneCode(h.db, ANONYMOUS, { code: "123456" }))).toBe(401);
    expect(await statusOf(removeConfirmedPhone(h.db, ANONYMOUS, {}))).toBe(401);
    expect(await statusOf(phoneStatus(h.db, ANONYMOUS))).toBe(401);
    const pending = await actorById(h.db, (await createAccount(h.db, { approved: false })).id);
    expect(await statusOf(requestPhoneCode(h.db, pending, { phone: "0245551008" }, capture))).toBe(403);
    expect(await statusOf(confirmPhoneCode(h.db, pending, { code: "123456" }))).toBe(403);
    expect((await h.db.select().from(phoneConfirmations)).length).toBe(before);
  });

  it("the page's status: the code waiting to be entered, then the confirmed number", async () => {
    const actor = await user();
    const now = new Date();
    expect(await phoneStatus(h.db, actor, now)).toMatchObject({ confirmed: null, pending: null });
    await outcome(requestPhoneCode(h.db, actor, { phone: "0245551011" }, capture, now));
    expect(await phoneStatus(h.db, actor, now)).toMatchObject({
      confirmed: null,
      pending: { display: "+233 24 555 1011" },
    });
    expect((await phoneStatus(h.db, actor, minutes(6, now))).pending).toBeNull();
    await outcome(confirmPhoneCode(h.db, actor, { code: lastCode() }, minutes(1, now)));
    expect(await phoneStatus(h.db, actor, now)).toMatchObject({
      confirmed: { phone: "+233245551011", display: "+233 24 555 1011" },
      pending: null,
    });
  });

  it("offers the number given at registration (UX 9 of issue 33), as written internationally", async () => {
    const actor = await user();
    expect((await phoneStatus(h.db, actor)).registered).toBe("+233 24 123 4567");
  });

  it("another account's code confirms nothing for me", async () => {
    const [a, b] = [await user(), await user()];
    await outcome(requestPhoneCode(h.db, a, { phone: "0245551009" }, capture));
    const code = lastCode();
    expect(await outcome(confirmPhoneCode(h.db, b, { code }))).toMatchObject({
      ok: false,
      message: PHONE_CONFIRM_MESSAGES.noCode,
    });
    const [row] = await h.db
      .select()
      .from(users)
      .where(eq(users.id, (b as { id: string }).id));
    expect(row.confirmedPhone).toBeNull();
  });

  it("without a provider, the code SMS goes to DATA_DIR/outbox", async () => {
    const actor = await user();
    expect(await outcome(requestPhoneCode(h.db, actor, { phone: "0245551010" }))).toMatchObject({ ok: true });
    const files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.startsWith("sms-phone-code-"));
    expect(files).toHaveLength(1);
    const written = JSON.parse(readFileSync(path.join(dataDir, "outbox", files[0]), "utf8"));
    expect(written).toMatchObject({ channel: "sms", to: "+233245551010" });
    expect(written.text).toMatch(/code is \d{6}\. It expires in 5 minutes/);
  });
});

// Decision 036 (the outside security review's finding 2): with only the session cookie, a thief
// confirmed their own number, and the next payout-details change sent its SMS code to them.
describe("changing or removing a confirmed number (issue 33)", () => {
  it("a code to another number asks for the password: none or a wrong one sends nothing", async () => {
    const now = new Date();
    const { actor } = await userWithNumber("+233245553001", now);
    const count = sent.length;
    expect(await refusal(requestPhoneCode(h.db, actor, { phone: "0245553002" }, capture, now))).toEqual({
      status: 400,
      message: PHONE_CONFIRM_MESSAGES.passwordNeeded,
      fieldErrors: { password: PHONE_CONFIRM_MESSAGES.passwordNeeded },
    });
    expect(
      await refusal(
        requestPhoneCode(h.db, actor, { phone: "0245553002", password: "Not-The-Password-1" }, capture, now),
      ),
    ).toMatchObject({ status: 400, fieldErrors: { password: PHONE_CONFIRM_MESSAGES.wrongPassword } });
    expect(sent.length).toBe(count);
    expect(await phoneCodeRows("+233245553002"), "no code was stored for the thief's number").toHaveLength(0);
  });

  it("with the password the code goes; confirming it tells the old number and the email address", async () => {
    const now = new Date();
    const { actor, password, email, id } = await userWithNumber("+233245553003", now);
    expect(await outcome(requestPhoneCode(h.db, actor, { phone: "0245553004", password }, capture, now))).toMatchObject(
      { ok: true, phone: "+233245553004" },
    );
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: lastCode() }, minutes(1, now)))).toMatchObject({
      ok: true,
      phone: "+233245553004",
    });
    const [row] = await h.db.select().from(users).where(eq(users.id, id));
    expect(row.confirmedPhone).toBe("+233245553004");
    expect(row.phoneChangedAt?.getTime()).toBe(minutes(1, now).getTime());
    const toOld = await queuedTo("+233245553003", "phone.changed");
    expect(toOld.map((m) => m.channel)).toEqual(["sms"]);
    const toEmail = await queuedTo(email, "phone.changed");
    expect(toEmail.map((m) => m.channel)).toEqual(["email"]);
    // As sent (the worker writes them to DATA_DIR/outbox): the old number learns that the number
    // changed, not to what; the email says which (its last digits) and that payouts wait a day.
    const sms = await vi.waitFor(() => outboxTo("+233245553003"), { timeout: 15_000 });
    expect(sms).toMatch(/mobile number on your account was changed/);
    expect(sms).not.toContain("3004");
    const mail = await vi.waitFor(() => outboxTo(email), { timeout: 15_000 });
    expect(mail).toContain("•••• 3004");
    expect(mail).toContain("payout details cannot be changed for the next 24 hours");
  });

  it("a first number needs no password, and tells no one", async () => {
    const actor = await user();
    const now = new Date();
    expect(await outcome(requestPhoneCode(h.db, actor, { phone: "0245553005" }, capture, now))).toMatchObject({
      ok: true,
    });
    expect(await outcome(confirmPhoneCode(h.db, actor, { code: lastCode() }, minutes(1, now)))).toMatchObject({
      ok: true,
    });
    const [row] = await h.db
      .select()
      .from(users)
      .where(eq(users.id, (actor as { id: string }).id));
    expect(row.phoneChangedAt).toBeNull();
  });

  it("removing a confirmed number asks for the password, and tells the number and the email address", async () => {
    const now = new Date();
    const { actor, password, email, id } = await userWithNumber("+233245553006", now);
    expect(await refusal(removeConfirmedPhone(h.db, actor, {}, now))).toMatchObject({
      status: 400,
      fieldErrors: { password: PHONE_CONFIRM_MESSAGES.passwordNeededToRemove },
    });
    expect(await refusal(removeConfirmedPhone(h.db, actor, { password: "Wrong-Password-9" }, now))).toMatchObject({
      status: 400,
      fieldErrors: { password: PHONE_CONFIRM_MESSAGES.wrongPassword },
    });
    expect(await confirmedPhoneOf(h.db, id)).toBe("+233245553006");
    await removeConfirmedPhone(h.db, actor, { password }, now);
    expect(await confirmedPhoneOf(h.db, id)).toBeNull();
    const [row] = await h.db.select().from(users).where(eq(users.id, id));
    expect(row.phoneChangedAt?.getTime()).toBe(now.getTime());
    expect(await queuedTo("+233245553006", "phone.removed")).toHaveLength(1);
    expect(await queuedTo(email, "phone.removed")).toHaveLength(1);
    // A number confirmed after a removal is a change too: it counts from then.
    expect(
      await outcome(requestPhoneCode(h.db, actor, { phone: "0245553007" }, capture, minutes(1, now))),
    ).toMatchObject({ ok: true });
    await confirmPhoneCode(h.db, actor, { code: lastCode() }, minutes(2, now));
    const [after] = await h.db.select().from(users).where(eq(users.id, id));
    expect(after.phoneChangedAt?.getTime()).toBe(minutes(2, now).getTime());
  });

  it("5 wrong passwords in 15 minutes: even the right one is refused", async () => {
    const now = new Date();
    const { actor, password } = await userWithNumber("+233245553008", now);
    for (let i = 0; i < 5; i++) {
      expect(
        await refusal(
          requestPhoneCode(h.db, actor, { phone: "0245553009", password: `Wrong-${i}-Pass` }, capture, now),
        ),
      ).toMatchObject({ status: 400 });
    }
    const limited = await refusal(requestPhoneCode(h.db, actor, { phone: "0245553009", password }, capture, now));
    expect(limited.status).toBe(429);
    expect(limited.fieldErrors?.password).toMatch(/^Too many attempts/);
  });

  it("a code asked for before a number was confirmed cannot replace it without the password", async () => {
    const [victim] = [await user()];
    const now = new Date();
    // The thief asks for a code to their number while the account has none (no password then)...
    await requestPhoneCode(h.db, victim, { phone: "0245553010" }, capture, now);
    const thiefs = lastCode();
    // ...the owner confirms their own number...
    await requestPhoneCode(h.db, victim, { phone: "0245553011" }, capture, minutes(1, now));
    await confirmPhoneCode(h.db, victim, { code: lastCode() }, minutes(2, now));
    // ...and the thief's older code is worth nothing now.
    expect(await outcome(confirmPhoneCode(h.db, victim, { code: thiefs }, minutes(3, now)))).toMatchObject({
      ok: false,
    });
    expect(await confirmedPhoneOf(h.db, (victim as { id: string }).id)).toBe("+233245553011");
  });
});
