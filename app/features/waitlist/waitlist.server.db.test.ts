import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Hub } from "~/content/hubs";
import { hubs, hubWaitlist, rateLimits } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import type { Mail } from "~/email/send.server";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  checkRemovalToken,
  type JoinWaitlistOptions,
  type JoinWaitlistResult,
  joinWaitlist,
  removeFromWaitlist,
  waitlistResponse,
} from "./waitlist.server";

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
    send: async (mail) => {
      mails.push(mail);
    },
    ...extra,
  };
}
async function rows() {
  return h.db.select().from(hubWaitlist);
}
function respond(result: JoinWaitlistResult, input: Record<string, unknown>) {
  if (result.status === "hub-not-found") throw new Error("unexpected hub-not-found");
  return waitlistResponse(result, input);
}
function removalToken(mail: Mail): string {
  const url = mail.text.match(/https:\/\/hubs\.example\.org\/hub\/[\w-]+\/leave\?token=(\S+)/);
  expect(url, "removal link in the mail").toBeTruthy();
  return url![1];
}

beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h.drop();
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  mails = [];
  await h.db.delete(hubWaitlist);
  await h.db.delete(rateLimits);
});

describe(`joinWaitlist (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("stores a professional with empty optional fields as null, notified false, and mails a confirmation", async () => {
    const result = await joinWaitlist(h.db, HUB.id, { ...professional, email: "  Ama.Mensah@Example.com " }, opts());
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
    const result = await joinWaitlist(h.db, HUB.id, facility, opts());
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
    const result = await joinWaitlist(h.db, "cervical-cancer", professional, { ...opts(), findHub: undefined });
    expect(result.status).toBe("joined");
  });

  it("states the hub's launch date from the hub's data while it is ahead; never a passed one", async () => {
    await seedContent(h.db);
    const join = (input: Record<string, unknown>) =>
      joinWaitlist(h.db, "mental-health", input, { ...opts(), findHub: undefined });
    // The seed's date (Q3 2025) has passed: the confirmation promises no date.
    expect((await join(professional)).status).toBe("joined");
    expect(mails[0].text).toContain("We will email you when the Mental Health hub opens.");
    expect(mails[0].text).not.toContain("planned for");
    // An administrator moves the launch to a quarter ahead: the next confirmations state it.
    const year = new Date().getUTCFullYear() + 1;
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-Q2` })
      .where(eq(hubs.slug, "mental-health"));
    expect((await join({ ...professional, email: "kofi@example.com" })).status).toBe("joined");
    expect(mails[1].text).toContain(`We will email you when the Mental Health hub opens (planned for Q2 ${year}).`);
    expect((await join(facility)).status).toBe("joined");
    expect(mails[2].text).toContain(
      `Our partnerships team will contact you about partnership opportunities before the hub opens (planned for Q2 ${year}).`,
    );
    // A month is stated as one.
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-03` })
      .where(eq(hubs.slug, "mental-health"));
    expect((await join({ ...professional, email: "esi@example.com" })).status).toBe("joined");
    expect(mails[3].text).toContain(`(planned for March ${year}).`);
  });

  it("refuses the same email for the same hub in another letter case ('Already on the waitlist!')", async () => {
    expect((await joinWaitlist(h.db, HUB.id, professional, opts())).status).toBe("joined");
    const again = await joinWaitlist(h.db, HUB.id, { ...professional, email: "ama.mensah@EXAMPLE.COM" }, opts());
    expect(again).toEqual({ status: "duplicate", userType: "professional" });
    expect(respond(again, professional)).toMatchObject({
      status: 409,
      body: {
        status: "duplicate",
        toast: {
          title: "Already on the waitlist!",
          description: "You've already signed up for this hub. We'll notify you when it launches.",
        },
      },
    });
    // A facility form with the same address for the same hub is a duplicate too, with the facility wording.
    const asFacility = await joinWaitlist(h.db, HUB.id, { ...facility, email: "AMA.MENSAH@example.com" }, opts());
    expect(respond(asFacility, facility).body.toast).toEqual({
      title: "Already on the waitlist!",
      description: "Your facility has already registered interest. We'll be in touch soon.",
      variant: "default",
    });
    expect(await rows()).toHaveLength(1);
    expect(mails).toHaveLength(1);
    // Another hub is another list.
    expect((await joinWaitlist(h.db, OTHER_HUB.id, professional, opts())).status).toBe("joined");
  });

  it("lets exactly one of 20 simultaneous identical sign-ups in; the other 19 are told they are already on the list", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => joinWaitlist(h.db, HUB.id, professional, opts())),
    );
    const responses = results.map((r) => respond(r, professional));
    expect(results.filter((r) => r.status === "joined")).toHaveLength(1);
    expect(responses.filter((r) => r.body.toast.title === "Already on the waitlist!")).toHaveLength(19);
    const [{ n }] = await h.db.select({ n: count() }).from(hubWaitlist);
    expect(n).toBe(1);
    expect(mails).toHaveLength(1);
  });

  it("answers the spec's success toasts", async () => {
    const pro = await joinWaitlist(h.db, HUB.id, professional, opts());
    expect(respond(pro, professional)).toEqual({
      status: 200,
      body: {
        userType: "professional",
        status: "success",
        toast: {
          title: "Welcome, Founding Member!",
          description: "You're on the waitlist. Check your email for confirmation.",
          variant: "success",
        },
      },
    });
    const fac = await joinWaitlist(h.db, HUB.id, facility, opts());
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
      const result = await joinWaitlist(h.db, HUB.id, input, opts());
      expect(result.status, JSON.stringify(input).slice(0, 80)).toBe("invalid");
    }
    const badYears = { ...professional, yearsOfExperience: "abc" };
    const yearsResult = await joinWaitlist(h.db, HUB.id, badYears, opts());
    expect(respond(yearsResult, badYears)).toMatchObject({
      status: 400,
      body: {
        toast: { title: "Validation Error", description: "Years of experience must be a whole number, 0 or more" },
        fieldErrors: { yearsOfExperience: "Years of experience must be a whole number, 0 or more" },
        values: { yearsOfExperience: "abc", fullName: "Dr Ama Mensah" },
      },
    });
    const unknown = await joinWaitlist(h.db, HUB.id, { userType: "x" }, opts());
    expect(respond(unknown, {}).body.toast).toEqual({
      title: "Error",
      description: "Something went wrong. Please try again.",
      variant: "destructive",
    });
    expect(await rows()).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });

  it("accepts sign-ups only for coming-soon hubs", async () => {
    for (const hubId of ["no-such-hub", LIVE_HUB.id, "", "../etc"]) {
      expect(await joinWaitlist(h.db, hubId, professional, opts())).toEqual({ status: "hub-not-found" });
    }
    expect(await joinWaitlist(h.db, "breast-cancer-care", professional, { ...opts(), findHub: undefined })).toEqual({
      status: "hub-not-found",
    });
    expect(await rows()).toHaveLength(0);
  });

  it("allows 10 sign-ups a minute per IP, then answers with the wait", async () => {
    const now = new Date("2026-03-02T09:00:10Z");
    const ip = "198.51.100.7";
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(
        await joinWaitlist(h.db, HUB.id, { ...professional, email: `doc${i}@example.com` }, opts({ ip, now })),
      );
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
    expect((await joinWaitlist(h.db, HUB.id, { ...professional, email: "x@example.com" }, opts({ now }))).status).toBe(
      "joined",
    );
    const later = new Date("2026-03-02T09:01:00Z");
    expect(
      (await joinWaitlist(h.db, HUB.id, { ...professional, email: "y@example.com" }, opts({ ip, now: later }))).status,
    ).toBe("joined");
  });

  it("keeps the entry when the confirmation email cannot be sent", async () => {
    const result = await joinWaitlist(
      h.db,
      HUB.id,
      professional,
      opts({
        send: async () => {
          throw new Error("smtp down");
        },
      }),
    );
    expect(result.status).toBe("joined");
    expect(await rows()).toHaveLength(1);
  });
});

describe("removal link", () => {
  it("removes the entry once; the same link then no longer works", async () => {
    await joinWaitlist(h.db, HUB.id, professional, opts());
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
    expect((await joinWaitlist(h.db, HUB.id, professional, opts())).status).toBe("joined");
  });

  it("refuses tampered tokens and tokens for another hub, and removes nothing", async () => {
    await joinWaitlist(h.db, HUB.id, professional, opts());
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
