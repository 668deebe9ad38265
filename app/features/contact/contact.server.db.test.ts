import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { refusalOf } from "~/lib/refusal";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";

type ContactModule = typeof import("./contact.server");

const valid = {
  name: "Ama Mensah",
  email: "ama@example.com",
  phone: "+233 24 000 0000",
  subject: "partnership",
  message: "We run a clinic in Kumasi and would like to join the network.",
};

let h: TestDatabase;
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let contact: ContactModule;

beforeAll(async () => {
  catcher = await startMailCatcher();
  // The job workers send the queued mail with the configuration they read first: the catcher's.
  vi.stubEnv("SMTP_URL", catcher.url);
  vi.stubEnv("MAIL_FROM", "Test <no-reply@example.test>");
  h = await createTestDb();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await catcher.stop();
  await h.drop();
});

/** A fresh copy of the module (and of the parsed configuration) for the given environment. */
async function loadContact(extra: Record<string, string> = {}): Promise<ContactModule> {
  vi.unstubAllEnvs();
  vi.resetModules();
  vi.stubEnv("SMTP_URL", catcher.url);
  vi.stubEnv("CONTACT_INBOX", "team@example.test");
  vi.stubEnv("MAIL_FROM", "Test <no-reply@example.test>");
  vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "contact-")));
  vi.stubEnv("AUTH_SECRET", "contact-test-secret-contact-test-secret-0123");
  vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
  return import("./contact.server");
}

async function storedMessages() {
  const result = await h.db.execute<{
    name: string;
    email: string;
    phone: string | null;
    subject: string;
    message: string;
  }>(sql`select name, email, phone, subject, message from contact_messages order by created_at`);
  return result.rows;
}

beforeEach(async () => {
  contact = await loadContact();
  await h.db.execute(sql`delete from contact_messages`);
  await h.db.execute(sql`delete from rate_limits`);
  catcher.messages.length = 0;
});

describe("submitContactMessage", () => {
  it("stores the message and emails it to CONTACT_INBOX with Reply-To the visitor", async () => {
    const result = await contact.submitContactMessage(h.db, { ...valid, name: "  Ama Mensah " }, { ip: "10.0.0.1" });
    expect(result).toEqual({ id: expect.any(String) });
    expect(await storedMessages()).toEqual([valid]);

    const mail = await catcher.waitFor((m) => m.to.includes("team@example.test"));
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Ama Mensah");
    expect(mail.raw).toMatch(/^Reply-To: ama@example\.com/im);
    expect(mail.text).toContain("From: Ama Mensah <ama@example.com>");
    expect(mail.text).toContain("Phone: +233 24 000 0000");
    expect(mail.text).toContain("We run a clinic in Kumasi and would like to join the network.");
  });

  it("stores an empty phone as null", async () => {
    await contact.submitContactMessage(h.db, { ...valid, phone: "" }, { ip: "10.0.0.2" });
    expect((await storedMessages())[0].phone).toBeNull();
    const mail = await catcher.waitFor((m) => m.to.includes("team@example.test"));
    expect(mail.text).toContain("Phone: not given");
  });

  it("keeps a one-line subject header whatever the name contains", async () => {
    await contact.submitContactMessage(h.db, { ...valid, name: "Kofi\r\nBcc: x@evil.test" }, { ip: "10.0.0.3" });
    const mail = await catcher.waitFor((m) => m.to.includes("team@example.test"));
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Kofi Bcc: x@evil.test");
    expect(mail.to).toEqual(["team@example.test"]);
  });

  it("stores and sends nothing for invalid input, and says why", async () => {
    const refused = await contact
      .submitContactMessage(h.db, { ...valid, email: "not-an-email", message: "" }, { ip: "10.0.0.4" })
      .then(() => null, refusalOf);
    expect(refused).toEqual({
      status: 400,
      message: "Invalid email address",
      fieldErrors: { email: "Invalid email address", message: "Message is required" },
    });
    const garbage = await contact.submitContactMessage(h.db, "garbage", { ip: "10.0.0.4" }).then(() => null, refusalOf);
    expect(garbage).toMatchObject({ status: 400 });
    expect(await storedMessages()).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(catcher.messages).toEqual([]);
  });

  it("allows 5 messages per address in 10 minutes, then asks the sender to wait", async () => {
    const now = new Date("2026-03-06T09:02:00Z");
    for (let i = 0; i < 5; i++) {
      expect(await contact.submitContactMessage(h.db, valid, { ip: "10.0.0.5", now })).toHaveProperty("id");
    }
    const limited = await contact
      .submitContactMessage(h.db, valid, { ip: "10.0.0.5", now })
      .then(() => null, refusalOf);
    expect(limited).toEqual({ status: 429, message: "Too many attempts. Try again in 8 minutes." });
    expect(await storedMessages()).toHaveLength(5);
    // Another address is not affected; the next window starts afresh.
    expect(await contact.submitContactMessage(h.db, valid, { ip: "10.0.0.6", now })).toHaveProperty("id");
    const later = new Date("2026-03-06T09:10:00Z");
    expect(await contact.submitContactMessage(h.db, valid, { ip: "10.0.0.5", now: later })).toHaveProperty("id");
  });

  it("multiplies the limit by 100 in the e2e server", async () => {
    contact = await loadContact({ E2E_RELAXED_RATE_LIMITS: "1" });
    const now = new Date("2026-03-06T09:02:00Z");
    for (let i = 0; i < 6; i++) {
      expect(await contact.submitContactMessage(h.db, valid, { ip: "10.0.0.7", now })).toHaveProperty("id");
    }
  });
});
