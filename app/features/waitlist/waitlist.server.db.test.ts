import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Hub } from "~/content/hubs";
import { hubs, hubWaitlist, messages, rateLimits } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import type { Mail } from "~/email/send.server";
import { findHub as findHubInDb } from "~/features/hubs/public.server";
import { refusalOf } from "~/lib/refusal";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  checkRemovalToken,
  type JoinWaitlistOptions,
  type JoinWaitlistResult,
  joinedOrRefuse,
  joinWaitlist,
  removeFromWaitlist,
} from "./waitlist.server";
import { joinedNotice, refusedNotice } from "./waitlist-messages";
import { isUserType, PATIENT_CONTACT_REQUIRED, PATIENT_SMS_CONSENT_REQUIRED } from "./waitlist-schema";

// env() is read lazily; fix the values it will see before anything calls it.
vi.stubEnv("AUTH_SECRET", "db-test-secret-db-test-secret-0123456789");
vi.stubEnv("APP_URL", "https://hubs.example.org");
vi.stubEnv("DATA_DIR", mkdtempSync(path.join(tmpdir(), "waitlist-")));
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("E2E_RELAXED_RATE_LIMITS", "");

const HUB: Hub = {
  id: "test-hub",
  title: "Test Kidney Care",
  description: "A hub for tests.",
  icon: "activity",
  countries: ["Ghana"],
  color: "text-brand-700",
  bgColor: "bg-brand-50",
  specialties: ["Nephrology"],
  status: "coming-soon",
  launchDate: "Q3 2025",
  salesPitch: { problem: "p", agitation: "a", solution: "s", benefits: ["b"] },
  targetAudience: ["Nephrologists"],
  foundingMemberPerks: ["Perk"],
  foundingMemberCapacity: 0,
  foundingMembersTaken: 0,
};
const LIVE_HUB: Hub = { ...HUB, id: "live-hub", status: "live", externalUrl: "https://live.example.org" };
const OTHER_HUB: Hub = { ...HUB, id: "other-hub", title: "Other Hub" };
const findHub = (id: string) => [HUB, LIVE_HUB, OTHER_HUB].find((h) => h.id === id);
/** The hubs in the database, looked up as the route does. */
const hubInDb = (id: string) => findHubInDb(h.db, id);

const professional = {
  userType: "professional",
  fullName: "Dr Ama Mensah",
  email: "Ama.Mensah@Example.com",
  professionalTitle: "Consultant Nephrologist",
  specialty: "Nephrology",
  yearsOfExperience: "12",
  country: "Ghana",
  phone: "",
  message: "",
};
const facility = {
  userType: "facility",
  facilityName: "Ridge Diagnostic Centre",
  email: "admin@ridge.example",
  facilityType: "diagnostic",
  contactPerson: "Kofi Boateng",
  country: "Ghana",
  phone: "0302123456",
  message: "We run dialysis.",
};

let h: TestDatabase;
let mails: Mail[];
let ipCounter = 0;
/** Options with a fresh IP each call unless one is given, so only the rate-limit test hits the limit. */
function opts(extra: Partial<JoinWaitlistOptions> = {}): JoinWaitlistOptions {
  ipCounter += 1;
  return {
    ip: `192.0.2.${ipCounter}`,
    findHub,
    ...extra,
  };
}
/** The confirmation mails queued so far (no workers run here: they stay in the outbox as written). */
async function queuedMails(): Promise<Mail[]> {
  const queued = await h.db.select().from(messages).orderBy(asc(messages.createdAt), asc(messages.id));
  return queued.map((m) => ({ to: m.recipient, ...(m.payload as { subject: string; text: string }) }));
}
/** joinWaitlist, then `mails` is what it (and the calls before it) queued. */
async function join(...args: Parameters<typeof joinWaitlist>) {
  const result = await joinWaitlist(...args);
  mails = await queuedMails();
  return result;
}
async function rows() {
  return h.db.select().from(hubWaitlist);
}
/** What the hub page answers (its formAction): the status and the toast of the outcome, or of its refusal. */
function respond(result: JoinWaitlistResult, input: Record<string, unknown>) {
  const userType = isUserType(input.userType) ? input.userType : null;
  try {
    const joined = joinedOrRefuse(result);
    return { status: 200, body: { toast: joinedNotice(joined.userType, joined.byEmail) } };
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    const toast = refusedNotice(userType, refusal.status, refusal.message);
    return { status: refusal.status, body: { toast, fieldErrors: refusal.fieldErrors } };
  }
}
function removalToken(mail: Mail): string {
  const url = mail.text.match(/https:\/\/hubs\.example\.org\/hub\/[\w-]+\/leave\?token=(\S+)/);
  expect(url, "removal link in the mail").toBeTruthy();
  return url![1];
}

beforeAll(async () => {
  h = await createTestDb({ workers: false });
});
afterAll(async () => {
  await h.drop();
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  mails = [];
  await h.db.delete(messages);
  await h.db.execute(sql`delete from pgboss.job`);
  await h.db.delete(hubWaitlist);
  await h.db.delete(rateLimits);
});

describe(`joinWaitlist (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores a professional with empty optional fields as null, notified false, and mails a confirmation", async () => {
    const result = await join(h.db, HUB.id, { ...professional, email: "  Ama.Mensah@Example.com " }, opts());
    expect(result).toMatchObject({ status: "joined", userType: "professional" });
    const [row] = await rows();
    expect(row).toMatchObject({
      hubId: "test-hub",
      userType: "professional",
      email: "Ama.Mensah@Example.com",
      fullName: "Dr Ama Mensah",
      professionalTitle: "Consultant Nephrologist",
      specialty: "Nephrology",
      yearsOfExperience: 12,
      country: "Ghana",
      phone: null,
      message: null,
      facilityName: null,
      facilityType: null,
      notified: false,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe("Ama.Mensah@Example.com");
    expect(mails[0].subject).toBe("You're on the Test Kidney Care waitlist");
    expect(mails[0].text).toContain("Test Kidney Care");
    expect(mails[0].text).toContain("Q3 2025");
    expect(mails[0].text).toContain("https://hubs.example.org/hub/test-hub");
    // The address is not confirmed yet: nothing typed into the form is repeated to it.
    expect(mails[0].text).not.toContain("Ama Mensah");
    expect(removalToken(mails[0])).toMatch(/^[0-9a-f-]{36}\./);
  });

  it("stores a facility with its contact person as full_name", async () => {
    const result = await join(h.db, HUB.id, facility, opts());
    expect(result).toMatchObject({ status: "joined", userType: "facility" });
    const [row] = await rows();
    expect(row).toMatchObject({
      userType: "facility",
      email: "admin@ridge.example",
      fullName: "Kofi Boateng",
      facilityName: "Ridge Diagnostic Centre",
      facilityType: "diagnostic",
      phone: "0302123456",
      message: "We run dialysis.",
      professionalTitle: null,
      yearsOfExperience: null,
    });
    expect(mails[0].subject).toBe("Test Kidney Care: partnership interest received");
    expect(mails[0].text).not.toContain("Ridge Diagnostic Centre");
    expect(mails[0].text).not.toContain("Kofi Boateng");
    expect(mails[0].text).toContain("your facility's interest");
  });

  it("works with the real coming-soon hubs (from the database, seeded from the content)", async () => {
    await seedContent(h.db);
    const result = await join(h.db, "cervical-cancer", professional, { ...opts(), findHub: hubInDb });
    expect(result.status).toBe("joined");
  });

  it("states the hub's launch date from the hub's data while it is ahead; never a passed one", async () => {
    await seedContent(h.db);
    const joinMentalHealth = (input: Record<string, unknown>) =>
      join(h.db, "mental-health", input, { ...opts(), findHub: hubInDb });
    // The seed's date (Q3 2025) has passed: the confirmation promises no date.
    expect((await joinMentalHealth(professional)).status).toBe("joined");
    expect(mails[0].text).toContain("We will email you when the Mental Health hub opens.");
    expect(mails[0].text).not.toContain("planned for");
    // An administrator moves the launch to a quarter ahead: the next confirmations state it.
    const year = new Date().getUTCFullYear() + 1;
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-Q2` })
      .where(eq(hubs.slug, "mental-health"));
    expect((await joinMentalHealth({ ...professional, email: "kofi@example.com" })).status).toBe("joined");
    expect(mails[1].text).toContain(`We will email you when the Mental Health hub opens (planned for Q2 ${year}).`);
    expect((await joinMentalHealth(facility)).status).toBe("joined");
    expect(mails[2].text).toContain(
      `Our partnerships team will contact you about partnership opportunities before the hub opens (planned for Q2 ${year}).`,
    );
    // A month is stated as one.
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-03` })
      .where(eq(hubs.slug, "mental-health"));
    expect((await joinMentalHealth({ ...professional, email: "esi@example.com" })).status).toBe("joined");
    expect(mails[3].text).toContain(`(planned for March ${year}).`);
  });

  it("refuses the same email for the same hub in another letter case ('Already on the waitlist!')", async () => {
    expect((await join(h.db, HUB.id, professional, opts())).status).toBe("joined");
    const again = await join(h.db, HUB.id, { ...professional, email: "ama.mensah@EXAMPLE.COM" }, opts());
    expect(again).toEqual({ status: "duplicate", userType: "professional" });
    expect(respond(again, professional)).toMatchObject({
      status: 409,
      body: {
        toast: {
          title: "Already on the waitlist!",
          description: "You've already signed up for this hub. We'll notify you when it launches.",
        },
      },
    });
    // A facility form with the same address for the same hub is a duplicate too, with the facility wording.
    const asFacility = await join(h.db, HUB.id, { ...facility, email: "AMA.MENSAH@example.com" }, opts());
    expect(respond(asFacility, facility).body.toast).toEqual({
      title: "Already on the waitlist!",
      description: "Your facility has already registered interest. We'll be in touch soon.",
      variant: "default",
    });
    expect(await rows()).toHaveLength(1);
    expect(mails).toHaveLength(1);
    // Another hub is another list.
    expect((await join(h.db, OTHER_HUB.id, professional, opts())).status).toBe("joined");
  });

  it("lets exactly one of 20 simultaneous identical sign-ups in; the other 19 are told they are already on the list", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => join(h.db, HUB.id, professional, opts())));
    const responses = results.map((r) => respond(r, professional));
    expect(results.filter((r) => r.status === "joined")).toHaveLength(1);
    expect(responses.filter((r) => r.body.toast.title === "Already on the waitlist!")).toHaveLength(19);
    const [{ n }] = await h.db.select({ n: count() }).from(hubWaitlist);
    expect(n).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it("answers the spec's success toasts", async () => {
    const pro = await join(h.db, HUB.id, professional, opts());
    expect(respond(pro, professional)).toEqual({
      status: 200,
      body: {
        toast: {
          title: "Welcome, Founding Member!",
          description: "You're on the waitlist. Check your email for confirmation.",
          variant: "success",
        },
      },
    });
    const fac = await join(h.db, HUB.id, facility, opts());
    expect(respond(fac, facility).body.toast).toEqual({
      title: "Partnership Interest Received!",
      description: "We'll contact you about partnership opportunities.",
      variant: "success",
    });
  });

  it("stores nothing from an invalid input and says why", async () => {
    const invalid: Record<string, unknown>[] = [
      { ...professional, fullName: "" },
      { ...professional, email: "nope" },
      { ...professional, yearsOfExperience: "abc" },
      { ...professional, yearsOfExperience: "-1" },
      { ...professional, yearsOfExperience: "1.5" },
      { ...professional, yearsOfExperience: "99999999999999999999" },
      { ...professional, message: "x".repeat(100_000) },
      { ...facility, facilityType: "pharmacy" },
      { ...facility, contactPerson: undefined },
      { userType: "professional" },
      { userType: "facility" },
      { ...professional, userType: "admin" },
      {},
    ];
    for (const input of invalid) {
      const result = await join(h.db, HUB.id, input, opts());
      expect(result.status, JSON.stringify(input).slice(0, 80)).toBe("invalid");
    }
    const badYears = { ...professional, yearsOfExperience: "abc" };
    const yearsResult = await join(h.db, HUB.id, badYears, opts());
    expect(respond(yearsResult, badYears)).toMatchObject({
      status: 400,
      body: {
        toast: { title: "Validation Error", description: "Years of experience must be a whole number, 0 or more" },
        fieldErrors: { yearsOfExperience: "Years of experience must be a whole number, 0 or more" },
      },
    });
    const unknown = await join(h.db, HUB.id, { userType: "x" }, opts());
    expect(respond(unknown, {}).body.toast).toEqual({
      title: "Error",
      description: "Something went wrong. Please try again.",
      variant: "destructive",
    });
    expect(await rows()).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });

  it("SMS consent (issue 26): ticked with a mobile number stores it in E.164 with the consent's date", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const result = await join(
      h.db,
      HUB.id,
      { ...professional, phone: "020 555 0147", smsConsent: "on" },
      opts({ now }),
    );
    expect(result).toMatchObject({ status: "joined" });
    const [row] = await rows();
    expect(row).toMatchObject({ phone: "+233205550147", smsConsentAt: now, smsStoppedAt: null });
  });

  it("SMS consent: unticked keeps the phone as typed and records no consent", async () => {
    await join(h.db, HUB.id, { ...facility, phone: "0302123456" }, opts());
    const [row] = await rows();
    expect(row).toMatchObject({ phone: "0302123456", smsConsentAt: null });
  });

  it("SMS consent: ticked without a number, or with one that cannot take an SMS, stores nothing and says why", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...professional, phone: "", smsConsent: "on" }, "Please enter your mobile number"],
      [{ ...facility, phone: "   ", smsConsent: "on" }, "Please enter your mobile number"],
      [{ ...professional, phone: "12345", smsConsent: "on" }, "Please enter a valid phone number"],
      [{ ...facility, phone: "0302123456", smsConsent: "on" }, "Please enter a mobile number that can receive SMS"],
    ];
    for (const [input, message] of cases) {
      const result = await join(h.db, HUB.id, input, opts());
      expect(result).toMatchObject({ status: "invalid", fieldErrors: { phone: message }, message });
    }
    expect(await rows()).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });

  it("a patient or family member (issue 28): name, email, phone with SMS consent; stored as a patient", async () => {
    const patient = { userType: "patient", fullName: "Efua Owusu", email: "efua@example.test", phone: "0245550160" };
    const result = await join(h.db, HUB.id, { ...patient, smsConsent: "on" }, opts());
    expect(result).toMatchObject({ status: "joined", userType: "patient" });
    expect(respond(result, patient).body.toast).toMatchObject({ title: "You're on the waitlist!", variant: "success" });
    const [row] = await rows();
    expect(row).toMatchObject({
      userType: "patient",
      fullName: "Efua Owusu",
      email: "efua@example.test",
      phone: "+233245550160",
      smsConsentAt: expect.any(Date),
      facilityName: null,
      professionalTitle: null,
    });
    expect(mails[0].subject).toBe("You're on the Test Kidney Care waitlist");
    expect(mails[0].text).toContain("as a patient or family member");
    expect(mails[0].text).not.toContain("Efua");
    const again = await join(h.db, HUB.id, { ...patient, email: "EFUA@example.test" }, opts());
    expect(again).toMatchObject({ status: "duplicate", userType: "patient" });
    const missing = await join(h.db, HUB.id, { userType: "patient", email: "x@example.test" }, opts());
    expect(missing).toMatchObject({ status: "invalid", fieldErrors: { fullName: "Name is required" } });
    expect(await rows()).toHaveLength(1);
  });

  it("a patient with a mobile number alone (issue 28): stored in E.164 with consent, no email; duplicates by number", async () => {
    const patient = {
      userType: "patient",
      fullName: "Kwesi Arthur",
      email: "",
      phone: "024 555 0161",
      smsConsent: "on",
    };
    const result = await join(h.db, HUB.id, patient, opts());
    expect(result).toMatchObject({ status: "joined", userType: "patient", byEmail: false });
    expect(respond(result, patient).body.toast).toEqual({
      title: "You're on the waitlist!",
      description: "We'll send you an SMS when this hub opens.",
      variant: "success",
    });
    const [row] = await rows();
    expect(row).toMatchObject({ email: null, phone: "+233245550161", smsConsentAt: expect.any(Date) });
    // No email to confirm to, and no SMS until the launch or an update (the consent is for those).
    expect(mails).toHaveLength(0);
    expect(await h.db.select().from(messages)).toHaveLength(0);

    // The same number written another way is the same entry: answered as a duplicate email is.
    const again = await join(h.db, HUB.id, { ...patient, phone: "+233 24 555 0161" }, opts());
    expect(again).toEqual({ status: "duplicate", userType: "patient" });
    expect(respond(again, patient)).toEqual({
      status: 409,
      body: {
        toast: {
          title: "Already on the waitlist!",
          description: "You've already signed up for this hub. We'll notify you when it launches.",
          variant: "default",
        },
        fieldErrors: undefined,
      },
    });
    // Another hub is another list; with an email as well it is keyed by the email.
    expect((await join(h.db, OTHER_HUB.id, patient, opts())).status).toBe("joined");
    expect((await join(h.db, HUB.id, { ...patient, email: "kwesi@example.test" }, opts())).status).toBe("joined");
    expect(await rows()).toHaveLength(3);
  });

  it("a patient's number alone needs SMS consent and a mobile number; nothing is stored otherwise", async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [
        { userType: "patient", fullName: "Kwesi", email: "", phone: "0245550161" },
        { smsConsent: PATIENT_SMS_CONSENT_REQUIRED },
      ],
      [{ userType: "patient", fullName: "Kwesi", email: "", phone: "" }, { email: PATIENT_CONTACT_REQUIRED }],
      [
        { userType: "patient", fullName: "Kwesi", phone: "0302123456", smsConsent: "on" },
        { phone: "Please enter a mobile number that can receive SMS" },
      ],
    ];
    for (const [input, fieldErrors] of cases) {
      const result = await join(h.db, HUB.id, input, opts());
      expect(result).toMatchObject({ status: "invalid", fieldErrors });
      expect(respond(result, input).status).toBe(400);
    }
    expect(await rows()).toHaveLength(0);
  });

  it("the database refuses an entry without an email unless it is a patient's consented phone (migration 0019)", async () => {
    const base = { hubId: HUB.id, fullName: "X" };
    const refused = [
      { ...base, userType: "professional" as const, phone: "+233245550162", smsConsentAt: new Date() },
      { ...base, userType: "patient" as const, phone: "+233245550162" },
      { ...base, userType: "patient" as const, smsConsentAt: new Date() },
    ];
    for (const values of refused) {
      await expect(h.db.insert(hubWaitlist).values(values)).rejects.toThrow();
    }
    const ok = { ...base, userType: "patient" as const, phone: "+233245550162", smsConsentAt: new Date() };
    await h.db.insert(hubWaitlist).values(ok);
    await expect(h.db.insert(hubWaitlist).values(ok)).rejects.toThrow();
    expect(await rows()).toHaveLength(1);
  });

  it("20 simultaneous phone-only sign-ups with one number: exactly one gets in", async () => {
    const patient = { userType: "patient", fullName: "Kwesi", phone: "0245550163", smsConsent: "on" };
    const results = await Promise.all(Array.from({ length: 20 }, () => join(h.db, HUB.id, patient, opts())));
    expect(results.filter((r) => r.status === "joined")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(19);
    expect(await rows()).toHaveLength(1);
  });

  it("accepts sign-ups only for coming-soon hubs", async () => {
    for (const hubId of ["no-such-hub", LIVE_HUB.id, "", "../etc"]) {
      expect(await join(h.db, hubId, professional, opts())).toEqual({ status: "hub-not-found" });
    }
    expect(await join(h.db, "breast-cancer-care", professional, { ...opts(), findHub: hubInDb })).toEqual({
      status: "hub-not-found",
    });
    expect(await rows()).toHaveLength(0);
  });

  it("allows 10 sign-ups a minute per IP, then answers with the wait", async () => {
    const now = new Date("2026-03-02T09:00:10Z");
    const ip = "198.51.100.7";
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await join(h.db, HUB.id, { ...professional, email: `doc${i}@example.com` }, opts({ ip, now })));
    }
    expect(results.slice(0, 10).every((r) => r.status === "joined")).toBe(true);
    expect(results[10]).toEqual({
      status: "rate-limited",
      userType: "professional",
      message: "Too many attempts. Try again in 1 minute.",
    });
    expect(respond(results[10], professional)).toMatchObject({
      status: 429,
      body: { toast: { title: "Error", description: "Too many attempts. Try again in 1 minute." } },
    });
    expect(await rows()).toHaveLength(10);
    // Another address is not affected; the next minute starts afresh.
    expect((await join(h.db, HUB.id, { ...professional, email: "x@example.com" }, opts({ now }))).status).toBe(
      "joined",
    );
    const later = new Date("2026-03-02T09:01:00Z");
    expect(
      (await join(h.db, HUB.id, { ...professional, email: "y@example.com" }, opts({ ip, now: later }))).status,
    ).toBe("joined");
  });

  it("queues the confirmation in the entry's transaction: a sign-up rolled back leaves neither", async () => {
    await expect(
      h.db.transaction(async (tx) => {
        expect((await joinWaitlist(tx, HUB.id, professional, opts())).status).toBe("joined");
        throw new Error("the request failed after the sign-up");
      }),
    ).rejects.toThrow("the request failed");
    expect(await rows()).toHaveLength(0);
    expect(await queuedMails()).toHaveLength(0);
    expect((await join(h.db, HUB.id, professional, opts())).status).toBe("joined");
    expect(await rows()).toHaveLength(1);
    const [queued] = await h.db.select().from(messages);
    expect(queued).toMatchObject({ channel: "email", event: "waitlist.joined", status: "queued" });
    const jobs = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-message' and data->>'messageId' = ${queued!.id}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
  });
});

describe("removal link", () => {
  it("removes the entry once; the same link then no longer works", async () => {
    await join(h.db, HUB.id, professional, opts());
    const token = removalToken(mails[0]);
    expect(await checkRemovalToken(h.db, HUB.id, token)).toEqual({
      status: "valid",
      hubId: HUB.id,
      email: "Ama.Mensah@Example.com",
    });
    expect(await removeFromWaitlist(h.db, token)).toEqual({
      status: "removed",
      hubId: HUB.id,
      email: "Ama.Mensah@Example.com",
    });
    expect(await rows()).toHaveLength(0);
    expect(await removeFromWaitlist(h.db, token)).toEqual({ status: "invalid" });
    expect(await checkRemovalToken(h.db, HUB.id, token)).toEqual({ status: "invalid" });
    // The address may join again afterwards.
    expect((await join(h.db, HUB.id, professional, opts())).status).toBe("joined");
  });

  it("refuses tampered tokens and tokens for another hub, and removes nothing", async () => {
    await join(h.db, HUB.id, professional, opts());
    const token = removalToken(mails[0]);
    const [id, mac] = token.split(".");
    const [row] = await rows();
    expect(row.id).toBe(id);
    const otherId = "00000000-0000-4000-8000-000000000000";
    const tampered = [
      `${otherId}.${mac}`,
      `${id}.${mac.slice(0, -2)}xx`,
      `${id}.`,
      id,
      "garbage",
      "",
      null,
      undefined,
      "x".repeat(5000),
    ];
    for (const bad of tampered) {
      expect(await removeFromWaitlist(h.db, bad)).toEqual({ status: "invalid" });
      expect(await checkRemovalToken(h.db, HUB.id, bad)).toEqual({ status: "invalid" });
    }
    expect(await removeFromWaitlist(h.db, token, OTHER_HUB.id)).toEqual({ status: "invalid" });
    expect(await checkRemovalToken(h.db, OTHER_HUB.id, token)).toEqual({ status: "invalid" });
    expect(await h.db.select().from(hubWaitlist).where(eq(hubWaitlist.id, id))).toHaveLength(1);
    expect((await removeFromWaitlist(h.db, token, HUB.id)).status).toBe("removed");
  });
});
