import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { investorHubFigures } from "~/content/investors";
import { hubNotificationDeliveries, hubNotifications, hubs, hubWaitlist } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import type { Mail } from "~/email/send.server";
import { createAccount } from "../../../tests/helpers/accounts";
import { statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  hubForEditing,
  launchHub,
  listHubsForAdmin,
  resumeHubNotification,
  runNotification,
  sendHubUpdate,
  sendNotification,
  updateHub,
} from "./hub-admin.server";
import { findHub, listHubs, listHubsWithNextLaunch } from "./hubs.server";
import { formatLaunchDate, hubsHeadline, nextLaunchDate, upcomingLaunchDate } from "./launch-date";

vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123456789");
vi.stubEnv("APP_URL", "http://localhost:3000");

let h: TestDatabase;
let admin: Actor;
let doctor: Actor;
let facilityAdmin: Actor;

/** The editor's fields for a hub as stored, with `extra` over them. */
async function formOf(slug: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const [row] = await h.db.select().from(hubs).where(eq(hubs.slug, slug));
  return {
    title: row!.title,
    description: row!.description,
    status: row!.status,
    launch_date: row!.launchDate ?? "",
    external_url: row!.externalUrl ?? "",
    capacity: String(row!.foundingMemberCapacity),
    problem: row!.salesPitch.problem,
    agitation: row!.salesPitch.agitation,
    solution: row!.salesPitch.solution,
    benefits: row!.salesPitch.benefits.join("\n"),
    target_audience: row!.targetAudience.join("\n"),
    perks: row!.foundingMemberPerks.join("\n"),
    ...extra,
  };
}

async function join(slug: string, email: string, userType: "professional" | "facility" = "professional") {
  await h.db.insert(hubWaitlist).values({ hubId: slug, email, userType });
}

const collector = () => {
  const sent: Mail[] = [];
  return { sent, send: async (mail: Mail) => void sent.push(mail) };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A collector whose mail server takes a few milliseconds per message (so runners interleave). */
const slowCollector = () => {
  const mail = collector();
  return {
    sent: mail.sent,
    send: async (m: Mail) => {
      await pause(3);
      await mail.send(m);
    },
  };
};

/** A notification for a hub, created without starting a run (as another server would see it). */
async function notificationFor(slug: string, kind: "launch" | "update" = "update"): Promise<string> {
  const [hub] = await h.db.select({ id: hubs.id }).from(hubs).where(eq(hubs.slug, slug));
  const [row] = await h.db
    .insert(hubNotifications)
    .values({ hubId: hub!.id, kind, subject: "News", message: "Clinics open Monday.", total: 0 })
    .returning({ id: hubNotifications.id });
  return row!.id;
}

async function notificationRow(id: string) {
  const [row] = await h.db.select().from(hubNotifications).where(eq(hubNotifications.id, id));
  return row!;
}

/** Entries of a hub a runner holds a claim on (none once every run has ended). */
async function claimsOn(slug: string): Promise<number> {
  const [{ n }] = await h.db
    .select({ n: count() })
    .from(hubWaitlist)
    .where(and(eq(hubWaitlist.hubId, slug), isNotNull(hubWaitlist.notifyClaimedBy)));
  return n;
}

beforeAll(async () => {
  h = await createTestDb();
  await seedContent(h.db);
  const as = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  admin = await as({ role: "system_admin", approved: true });
  doctor = await as({ role: "doctor", approved: true });
  facilityAdmin = await as({ role: "facility_admin", approved: true });
});
afterAll(async () => {
  await h?.drop();
});

describe("hubs from the database", () => {
  it("seeds the spec's ten hubs once; dates come from the data, a passed one is not shown", async () => {
    await seedContent(h.db);
    const all = await listHubs(h.db);
    expect(all).toHaveLength(10);
    expect(formatLaunchDate("2026-Q1")).toBe("Q1 2026");
    expect(formatLaunchDate("2027-03")).toBe("March 2027");
    expect(upcomingLaunchDate("2025-Q1", new Date("2026-11-24"))).toBeNull();
    expect(upcomingLaunchDate("2027-Q2", new Date("2026-11-24"))).toBe("Q2 2027");
    // The seed's Q1 2025 has passed: no hub page promises it.
    expect((await findHub(h.db, "cervical-cancer"))?.launchDate).toBeUndefined();
  });

  it("the hubs headline and the investors' roadmap come from the hubs' data, never a passed date", async () => {
    const seeded = await listHubsWithNextLaunch(h.db);
    // The seed's 2025 quarters have passed: no date is promised anywhere.
    expect(seeded.nextLaunch).toBeNull();
    expect(hubsHeadline(seeded.hubs, seeded.nextLaunch)).toBe("2 live · 8 coming soon");
    const figures = investorHubFigures(seeded.hubs);
    expect(figures.summary[1]).toContain("and 10 specialist hubs (2 live, 8 in development).");
    expect(figures.summary[0]).toContain("from 2025, Nigeria, Kenya and South Africa");
    expect(figures.traction[1]).toEqual({ value: "10", label: "specialist hubs: 2 live, 8 in development" });
    expect(figures.roadmap).toEqual([
      { specialty: "Cardiology and hypertension", hubs: "Hypertension & Heart Health hub: launching soon" },
      {
        specialty: "Oncology",
        hubs: "Breast Cancer Care hub: live. Cervical Cancer Prevention and Prostate Cancer Care hubs: launching soon",
      },
      { specialty: "Diabetes and endocrinology", hubs: "Diabetes Care hub: launching soon" },
      { specialty: "Maternal and child health", hubs: "Maternal & Child Health hub: launching soon" },
      { specialty: "Mental health", hubs: "Mental Health hub: launching soon" },
    ]);

    // Dates ahead are shown, the nearest first in the headline.
    const year = new Date().getUTCFullYear() + 1;
    const moved = ["diabetes-care", "maternal-child-health"];
    const before = await h.db.select({ slug: hubs.slug, launchDate: hubs.launchDate }).from(hubs);
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-Q3` })
      .where(eq(hubs.slug, "diabetes-care"));
    await h.db
      .update(hubs)
      .set({ launchDate: `${year}-05` })
      .where(eq(hubs.slug, "maternal-child-health"));
    const planned = await listHubsWithNextLaunch(h.db);
    expect(planned.nextLaunch).toBe(`May ${year}`);
    expect(hubsHeadline(planned.hubs, planned.nextLaunch)).toBe(`2 live · 8 coming soon · next launch May ${year}`);
    expect(
      investorHubFigures(planned.hubs)
        .roadmap.slice(2)
        .map((r) => r.hubs),
    ).toEqual([
      `Diabetes Care hub: launching Q3 ${year}`,
      `Maternal & Child Health hub: launching May ${year}`,
      "Mental Health hub: launching soon",
    ]);
    expect(nextLaunchDate(["2025-Q1", null, `${year}-Q2`, `${year}-05`, "soon"])).toBe(`May ${year}`);
    expect(nextLaunchDate(["2025-Q1", "2025-07"])).toBeNull();
    expect(hubsHeadline([{ status: "live" }], null)).toBe("1 live");
    for (const row of before.filter((r) => moved.includes(r.slug))) {
      await h.db.update(hubs).set({ launchDate: row.launchDate }).where(eq(hubs.slug, row.slug));
    }
  });

  it("counts the real waitlist for the founding-member progress", async () => {
    await join("kidney-liver-care", "one@example.test");
    await join("kidney-liver-care", "two@example.test", "facility");
    expect((await findHub(h.db, "kidney-liver-care"))?.foundingMembersTaken).toBe(2);
  });
});

describe("editing a hub (system administrators only)", () => {
  it("saves status, launch date, capacity and texts, audited; refuses bad input with messages", async () => {
    const result = await updateHub(
      h.db,
      admin,
      "mental-health",
      await formOf("mental-health", { launch_date: "2027-q2", capacity: "50" }),
    );
    expect(result).toMatchObject({ ok: true, launched: false });
    const hub = await findHub(h.db, "mental-health");
    expect(hub).toMatchObject({ foundingMemberCapacity: 50 });
    expect(
      formatLaunchDate((await h.db.select().from(hubs).where(eq(hubs.slug, "mental-health")))[0]!.launchDate),
    ).toBe("Q2 2027");
    const bad = await updateHub(
      h.db,
      admin,
      "mental-health",
      await formOf("mental-health", { launch_date: "soon", capacity: "-1", title: "" }),
    );
    expect(bad).toEqual({
      ok: false,
      fieldErrors: {
        title: "Title is required",
        launch_date: "Enter a quarter like 2026-Q1 or a month like 2026-03",
        capacity: "Capacity must be a whole number from 0 to 100000",
      },
    });
    const live = await updateHub(
      h.db,
      admin,
      "mental-health",
      await formOf("mental-health", { status: "live", external_url: "" }),
    );
    expect(live).toEqual({ ok: false, fieldErrors: { external_url: "A live hub needs its address" } });
  });

  it("refuses everyone else (401 / 403) and answers 404 for an unknown hub", async () => {
    for (const [actor, status] of [
      [ANONYMOUS, 401],
      [doctor, 403],
      [facilityAdmin, 403],
    ] as const) {
      expect(await statusOf(updateHub(h.db, actor, "mental-health", await formOf("mental-health")))).toBe(status);
      expect(
        await statusOf(sendHubUpdate(h.db, actor, "mental-health", { subject: "Hi", message: "Hello there" })),
      ).toBe(status);
      expect(await statusOf(hubForEditing(h.db, actor, "mental-health"))).toBe(status);
      expect(
        await statusOf(launchHub(h.db, actor, "mental-health", { external_url: "https://mental.example.org" })),
      ).toBe(status);
      expect(
        await statusOf(resumeHubNotification(h.db, actor, "mental-health", "00000000-0000-0000-0000-000000000000")),
      ).toBe(status);
      expect(await statusOf(listHubsForAdmin(h.db, actor))).toBe(status);
    }
    expect(await statusOf(updateHub(h.db, admin, "no-such-hub", await formOf("mental-health")))).toBe(404);
  });
});

describe("launching notifies the waitlist", () => {
  it("emails every Pending entry once, marks each Notified; again sends nothing", async () => {
    for (const email of ["a@example.test", "b@example.test"]) await join("diabetes-care", email);
    await join("diabetes-care", "clinic@example.test", "facility");
    const mail = collector();
    const result = await updateHub(
      h.db,
      admin,
      "diabetes-care",
      await formOf("diabetes-care", { status: "live", external_url: "https://diabetes.example.org" }),
      { send: mail.send, wait: true },
    );
    expect(result).toMatchObject({ ok: true, launched: true });
    expect(mail.sent.map((m) => m.to).sort()).toEqual(["a@example.test", "b@example.test", "clinic@example.test"]);
    const facilityMail = mail.sent.find((m) => m.to === "clinic@example.test")!;
    expect(facilityMail.text).toContain("Claim your facility's listing");
    expect(facilityMail.text).toContain("https://diabetes.example.org");
    expect(mail.sent.find((m) => m.to === "a@example.test")!.text).toContain("Register as a doctor");
    const [{ pending }] = await h.db
      .select({ pending: count() })
      .from(hubWaitlist)
      .where(and(eq(hubWaitlist.hubId, "diabetes-care"), eq(hubWaitlist.notified, false)));
    expect(pending).toBe(0);
    const [progress] = await h.db
      .select()
      .from(hubNotifications)
      .where(eq(hubNotifications.id, result.ok ? result.notificationId! : ""));
    expect(progress).toMatchObject({ total: 3, sent: 3 });
    expect(progress!.finishedAt).not.toBeNull();
    // Running it again, or an update to the same waitlist: everyone is Notified, nobody is emailed.
    const again = collector();
    await runNotification(h.db, progress!.id, again.send);
    const update = await sendHubUpdate(
      h.db,
      admin,
      "diabetes-care",
      { subject: "News", message: "Clinics open Monday." },
      { send: again.send, wait: true },
    );
    expect(update.ok).toBe(true);
    expect(again.sent).toEqual([]);
  });

  it("resumes after a crash halfway: nobody twice, nobody skipped", async () => {
    const emails = Array.from({ length: 7 }, (_, i) => `resume${i}@example.test`);
    for (const email of emails) await join("prostate-cancer", email);
    // The mail server goes away after 3 messages: the run stops there.
    const first = collector();
    let calls = 0;
    const flaky = async (m: Mail) => {
      calls += 1;
      if (calls > 3) throw new Error("SMTP connection lost");
      await first.send(m);
    };
    const failed = updateHub(
      h.db,
      admin,
      "prostate-cancer",
      await formOf("prostate-cancer", { status: "live", external_url: "https://sickle.example.org" }),
      { send: flaky, wait: true },
    );
    await expect(failed).rejects.toThrow("SMTP connection lost");
    expect(first.sent).toHaveLength(3);
    // The entry whose mail failed was given back: a resume sends it now, not after the lease.
    expect(await claimsOn("prostate-cancer")).toBe(0);
    const [notification] = (await hubForEditing(h.db, admin, "prostate-cancer")).notifications;
    expect(notification).toMatchObject({ kind: "launch", total: 7, sent: 3, finished: false });
    // Resumed (as a restarted server does): the other 4, once each.
    const second = collector();
    await runNotification(h.db, notification!.id, second.send);
    const all = [...first.sent, ...second.sent].map((m) => m.to);
    expect(all.sort()).toEqual([...emails].sort());
    expect(new Set(all).size).toBe(emails.length);
    const deliveries = await h.db
      .select({ n: count() })
      .from(hubNotificationDeliveries)
      .where(eq(hubNotificationDeliveries.notificationId, notification!.id));
    expect(deliveries[0]!.n).toBe(7);
    // Each message has its own stable Message-ID.
    expect(new Set([...first.sent, ...second.sent].map((m) => m.messageId)).size).toBe(7);
  });

  it("a launch and an update started together: each entry gets one mail in all", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `together${i}@example.test`);
    for (const email of emails) await join("hypertension-heart", email);
    const mail = collector();
    const slow = async (m: Mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await mail.send(m);
    };
    const launch = await launchHub(
      h.db,
      admin,
      "hypertension-heart",
      { external_url: "https://heart.example.org" },
      { send: slow },
    );
    expect(launch).toMatchObject({ ok: true, launched: true });
    const update = await sendHubUpdate(
      h.db,
      admin,
      "hypertension-heart",
      { subject: "Opening hours", message: "Clinics take referrals from Monday." },
      { send: slow, wait: true },
    );
    expect(update.ok).toBe(true);
    await runNotification(h.db, launch.ok ? launch.notificationId! : "", slow);
    const to = mail.sent.map((m) => m.to);
    expect(to.sort()).toEqual([...emails].sort());
    const { notifications } = await hubForEditing(h.db, admin, "hypertension-heart");
    // The update ran after the launch had told everyone: it counts nobody.
    expect(notifications.map((n) => [n.kind, n.sent, n.total, n.finished])).toEqual(
      expect.arrayContaining([
        ["launch", 5, 5, true],
        ["update", 0, 0, true],
      ]),
    );
    // Launching a live hub again is refused.
    expect(
      await statusOf(launchHub(h.db, admin, "hypertension-heart", { external_url: "https://heart.example.org" })),
    ).toBe(409);
  });

  it("launch needs an https address; a stopped notification is resumed from the editor", async () => {
    expect(await launchHub(h.db, admin, "mens-sexual-health", { external_url: "http://men.example.org" })).toEqual({
      ok: false,
      fieldErrors: { external_url: "Enter the hub's address, starting with https://" },
    });
    expect(await launchHub(h.db, admin, "mens-sexual-health", {})).toEqual({
      ok: false,
      fieldErrors: { external_url: "A live hub needs its address" },
    });
    const emails = ["stop0@example.test", "stop1@example.test", "stop2@example.test"];
    for (const email of emails) await join("mens-sexual-health", email, "facility");
    const failing = async () => {
      throw new Error("SMTP down");
    };
    await expect(
      launchHub(
        h.db,
        admin,
        "mens-sexual-health",
        { external_url: "https://men.example.org" },
        { send: failing, wait: true },
      ),
    ).rejects.toThrow("SMTP down");
    const [stopped] = (await hubForEditing(h.db, admin, "mens-sexual-health")).notifications;
    expect(stopped).toMatchObject({ sent: 0, total: 3, finished: false, running: false });
    expect(await statusOf(resumeHubNotification(h.db, admin, "diabetes-care", stopped!.id))).toBe(404);
    expect(await statusOf(resumeHubNotification(h.db, admin, "mens-sexual-health", "not-an-id"))).toBe(404);
    const mail = collector();
    await resumeHubNotification(h.db, admin, "mens-sexual-health", stopped!.id, { send: mail.send, wait: true });
    expect(mail.sent.map((m) => m.to).sort()).toEqual(emails);
    const [done] = (await hubForEditing(h.db, admin, "mens-sexual-health")).notifications;
    expect(done).toMatchObject({ sent: 3, total: 3, finished: true, running: false });
    // Finished: resuming again sends nothing.
    const again = collector();
    await resumeHubNotification(h.db, admin, "mens-sexual-health", stopped!.id, { send: again.send, wait: true });
    expect(again.sent).toEqual([]);
  });
});

describe("runners on several servers (the claim on each entry)", () => {
  it("two runners of one notification started together: each entry gets exactly one mail", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `twice${String(i).padStart(2, "0")}@example.test`);
    for (const email of emails) await join("cervical-cancer", email);
    const id = await notificationFor("cervical-cancer");
    // Two servers resuming the same notification at start-up: neither knows of the other.
    const serverA = slowCollector();
    const serverB = slowCollector();
    await Promise.all([
      sendNotification(h.db, id, serverA.send, { pollMs: 10 }),
      sendNotification(h.db, id, serverB.send, { pollMs: 10 }),
    ]);
    const to = [...serverA.sent, ...serverB.sent].map((m) => m.to);
    expect(to.sort()).toEqual(emails);
    // Both did part of the work (the race happened), and one delivery is recorded per entry.
    expect(serverA.sent.length).toBeGreaterThan(0);
    expect(serverB.sent.length).toBeGreaterThan(0);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(hubNotificationDeliveries)
      .where(eq(hubNotificationDeliveries.notificationId, id));
    expect(n).toBe(12);
    expect(await notificationRow(id)).toMatchObject({ sent: 12, total: 12, finishedAt: expect.any(Date) });
    expect(await claimsOn("cervical-cancer")).toBe(0);
  });

  it("a launch on one server and an update on another, together: one mail per entry in all", async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `split${i}@example.test`);
    for (const email of emails) await join("maternal-child-health", email);
    const launch = await notificationFor("maternal-child-health", "launch");
    const update = await notificationFor("maternal-child-health", "update");
    const serverA = slowCollector();
    const serverB = slowCollector();
    await Promise.all([
      sendNotification(h.db, launch, serverA.send, { pollMs: 10 }),
      sendNotification(h.db, update, serverB.send, { pollMs: 10 }),
    ]);
    const to = [...serverA.sent, ...serverB.sent].map((m) => m.to);
    expect(to.sort()).toEqual([...emails].sort());
    // Each finished, counting whom it reached ("Sent to 6 of 6. Done.", never "6 of 10").
    const [a, b] = [await notificationRow(launch), await notificationRow(update)];
    expect([a.sent, a.total]).toEqual([serverA.sent.length, serverA.sent.length]);
    expect([b.sent, b.total]).toEqual([serverB.sent.length, serverB.sent.length]);
    expect(a.finishedAt).not.toBeNull();
    expect(b.finishedAt).not.toBeNull();
  });

  it("takes over an entry whose claim is older than the lease (its runner's server crashed)", async () => {
    const emails = ["stale0@example.test", "stale1@example.test", "stale2@example.test"];
    for (const email of emails) await join("mental-health", email);
    const id = await notificationFor("mental-health");
    // A server claimed the first entry 10 minutes ago and crashed before sending.
    await h.db
      .update(hubWaitlist)
      .set({ notifyClaimedBy: id, notifyClaimedAt: sql`now() - interval '10 minutes'` })
      .where(and(eq(hubWaitlist.hubId, "mental-health"), eq(hubWaitlist.email, "stale0@example.test")));
    // Nobody is sending it: the editor offers to resume it.
    const stopped = (await hubForEditing(h.db, admin, "mental-health")).notifications.find((n) => n.id === id);
    expect(stopped).toMatchObject({ finished: false, running: false });
    const mail = collector();
    await sendNotification(h.db, id, mail.send, { pollMs: 10 });
    expect(mail.sent.map((m) => m.to).sort()).toEqual(emails);
    expect(await notificationRow(id)).toMatchObject({ sent: 3, total: 3, finishedAt: expect.any(Date) });
    expect(await claimsOn("mental-health")).toBe(0);
  });

  it("skips an entry another runner claimed within the lease, and finishes once that runner has marked it", async () => {
    const emails = ["fresh0@example.test", "fresh1@example.test", "fresh2@example.test", "fresh3@example.test"];
    for (const email of emails) await join("black-skin-acne", email);
    const id = await notificationFor("black-skin-acne");
    const held = and(eq(hubWaitlist.hubId, "black-skin-acne"), eq(hubWaitlist.email, "fresh0@example.test"));
    // Another server's runner of the same notification is emailing the first entry now.
    await h.db.update(hubWaitlist).set({ notifyClaimedBy: id, notifyClaimedAt: sql`now()` }).where(held);
    const elsewhere = (await hubForEditing(h.db, admin, "black-skin-acne")).notifications.find((n) => n.id === id);
    expect(elsewhere).toMatchObject({ finished: false, running: true });
    const mail = collector();
    const run = sendNotification(h.db, id, mail.send, { pollMs: 10 });
    await vi.waitFor(() => expect(mail.sent).toHaveLength(3));
    // The rest are sent; the held entry is the other runner's: this one waits for it.
    await pause(50);
    expect((await notificationRow(id)).finishedAt).toBeNull();
    // The other runner marks its entry (what its transaction does after its mail).
    await h.db.transaction(async (tx) => {
      await tx
        .update(hubWaitlist)
        .set({ notified: true, notifiedAt: new Date(), notifyClaimedBy: null, notifyClaimedAt: null })
        .where(held);
      await tx
        .update(hubNotifications)
        .set({ sent: sql`${hubNotifications.sent} + 1` })
        .where(eq(hubNotifications.id, id));
    });
    await run;
    expect(mail.sent.map((m) => m.to).sort()).toEqual(emails.slice(1));
    expect(await notificationRow(id)).toMatchObject({ sent: 4, total: 4, finishedAt: expect.any(Date) });
  });
});
