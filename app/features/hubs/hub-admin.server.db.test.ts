import { and, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
import { toHubSummary } from "~/content/hubs";
import { investorHubFigures } from "~/content/investors";
import { hubNotificationDeliveries, hubNotifications, hubs, hubWaitlist, messages } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import type { Mail } from "~/email/send.server";
import { networkFigures } from "~/features/facilities/network-figures.server";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { enqueue, type JobWorkers } from "~/jobs/queue.server";
import { startJobWorkers } from "../../../server/job-workers";
import { createAccount } from "../../../tests/helpers/accounts";
import { catalogueTranslate } from "../../../tests/helpers/catalogue-translate";
import { refusedWith, statusOf } from "../../../tests/helpers/domain";
import { createTestDb, type TestDatabase } from "../../../tests/helpers/test-db";
import {
  hubForEditing,
  launchHub,
  listHubsForAdmin,
  resumeHubNotification,
  sendHubUpdate,
  sendNotification,
  updateHub,
} from "./hub-admin.server";
import { findHub, listHubs, listHubsWithNextLaunch } from "./hubs.server";
import { formatLaunchDate, hubsHeadline, nextLaunchDate, upcomingLaunchDate } from "./launch-date";

const en = catalogueTranslate("en");

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
    title_fr: row!.titleFr ?? "",
    description_fr: row!.descriptionFr ?? "",
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

async function join(slug: string, email: string, userType: "professional" | "facility" | "patient" = "professional") {
  await h.db.insert(hubWaitlist).values({ hubId: slug, email, userType });
}

const collector = () => {
  const sent: Mail[] = [];
  return { sent, send: async (mail: Mail) => void sent.push(mail) };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mail server the job workers hand mail to: each test sets its own. */
let smtp: (mail: Mail) => Promise<void> = async () => {};
let workers: JobWorkers;

/** Waits until the queue has nothing left to run now (jobs waiting for a retry's time excepted). */
async function settle(timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where state in ('created', 'active') or (state = 'retry' and start_after <= now())`,
    );
    if (rows[0]!.n === 0) return;
    if (Date.now() > until) throw new Error("the queue did not settle");
    await pause(100);
  }
}

/** Messages queued to these addresses, by recipient. */
async function messagesTo(emails: string[]) {
  return h.db
    .select({ recipient: messages.recipient, status: messages.status, attempts: messages.attempts })
    .from(messages)
    .where(inArray(messages.recipient, emails));
}

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

beforeAll(async () => {
  h = await createTestDb({ workers: false });
  workers = await startJobWorkers(h, {
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
    transports: {
      email: async (mail) => {
        await smtp(mail);
        return undefined;
      },
    },
  });
  await seedContent(h.db);
  const as = async (options: Parameters<typeof createAccount>[1]) =>
    actorById(h.db, (await createAccount(h.db, options)).id);
  admin = await as({ role: "system_admin", approved: true });
  doctor = await as({ role: "doctor", approved: true });
  facilityAdmin = await as({ role: "facility_admin", approved: true });
});
afterAll(async () => {
  await workers?.stop(2_000);
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
    expect(hubsHeadline(seeded.hubs, seeded.nextLaunch, en)).toBe("2 live · 8 coming soon");
    // The facility counts are the database's too: the seed's 8 facilities, 3 of them in Ghana.
    const counted = await networkFigures(h.db);
    expect(counted).toEqual({ facilities: 8, ghanaFacilities: 3, hubs: 10, liveHubs: 2 });
    const figures = investorHubFigures(seeded.hubs, counted);
    expect(figures.summary[1]).toContain("the network has 3 partner facilities in Ghana,");
    expect(figures.summary[1]).toContain("and 10 specialist hubs (2 live, 8 in development).");
    expect(figures.lead).toContain("from 3 facilities in Ghana to 500");
    expect(figures.summary.join(" ")).not.toContain("12");
    // 2025 has passed: the next countries are "next", not promised for a year gone by.
    expect(figures.summary[0]).toContain("Ghana and, next, Nigeria, Kenya and South Africa");
    expect(figures.traction[0]).toEqual({
      value: "3",
      label: "partner facilities in Ghana, 8 in the network; goal 50+",
    });
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
    expect(hubsHeadline(planned.hubs, planned.nextLaunch, en)).toBe(`2 live · 8 coming soon · next launch May ${year}`);
    expect(hubsHeadline(planned.hubs, planned.nextLaunch, catalogueTranslate("fr"), "fr")).toBe(
      `2 ouverts · 8 à venir · prochain lancement : mai ${year}`,
    );
    expect(
      investorHubFigures(planned.hubs, counted)
        .roadmap.slice(2)
        .map((r) => r.hubs),
    ).toEqual([
      `Diabetes Care hub: launching Q3 ${year}`,
      `Maternal & Child Health hub: launching May ${year}`,
      "Mental Health hub: launching soon",
    ]);
    expect(nextLaunchDate(["2025-Q1", null, `${year}-Q2`, `${year}-05`, "soon"])).toBe(`May ${year}`);
    expect(nextLaunchDate(["2025-Q1", "2025-07"])).toBeNull();
    expect(hubsHeadline([{ status: "live" }], null, en)).toBe("1 live");
    for (const row of before.filter((r) => moved.includes(r.slug))) {
      await h.db.update(hubs).set({ launchDate: row.launchDate }).where(eq(hubs.slug, row.slug));
    }
  });

  it("counts the real waitlist for the founding-member progress", async () => {
    await join("kidney-liver-care", "one@example.test");
    await join("kidney-liver-care", "two@example.test", "facility");
    expect((await findHub(h.db, "kidney-liver-care"))?.foundingMembersTaken).toBe(2);
  });

  it("patients and family members (issue 28) are counted apart: not founding members; their own count in the editor and the waitlist", async () => {
    await join("breast-cancer-care", "p1@example.test", "patient");
    await join("breast-cancer-care", "p2@example.test", "patient");
    await join("breast-cancer-care", "d1@example.test");
    expect((await findHub(h.db, "breast-cancer-care"))?.foundingMembersTaken).toBe(1);
    expect(await hubForEditing(h.db, admin, "breast-cancer-care")).toMatchObject({ pending: 3, patients: 2 });
    const listed = await listWaitlist(h.db, admin);
    expect(listed.byType.patient).toBeGreaterThanOrEqual(2);
    expect(listed.rows.filter((r) => r.hubId === "breast-cancer-care" && r.userType === "patient")).toHaveLength(2);
    expect(await statusOf(listWaitlist(h.db, doctor))).toBe(403);
  });

  it("a patient with a mobile number alone counts apart as texted in the launch confirmation, and is listed with the number in groups", async () => {
    const slug = "mental-health";
    const before = await hubForEditing(h.db, admin, slug);
    await h.db.insert(hubWaitlist).values({
      hubId: slug,
      email: null,
      phone: "+233245550199",
      smsConsentAt: new Date(),
      fullName: "Kwesi Arthur",
      userType: "patient",
    });
    const after = await hubForEditing(h.db, admin, slug);
    expect(after.pending - before.pending).toBe(1);
    expect(after.pendingByPhone - before.pendingByPhone).toBe(1);
    const listed = await listWaitlist(h.db, admin);
    expect(listed.rows.find((r) => r.hubId === slug && r.fullName === "Kwesi Arthur")?.phone).toBe("+233 24 555 0199");
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
    const bad = await refusedWith(
      updateHub(
        h.db,
        admin,
        "mental-health",
        await formOf("mental-health", { launch_date: "soon", capacity: "-1", title: "" }),
      ),
    );
    expect(bad).toEqual({
      status: 400,
      message: "Title is required",
      fieldErrors: {
        title: "Title is required",
        launch_date: "Enter a quarter like 2026-Q1 or a month like 2026-03",
        capacity: "Capacity must be a whole number from 0 to 100000",
      },
    });
    const live = await refusedWith(
      updateHub(h.db, admin, "mental-health", await formOf("mental-health", { status: "live", external_url: "" })),
    );
    expect(live).toEqual({
      status: 400,
      message: "A live hub needs its address",
      fieldErrors: { external_url: "A live hub needs its address" },
    });
  });

  it("saves the French title and description beside the English (issue 38); empty is none; refuses a too short one", async () => {
    const french = {
      title_fr: "  Santé mentale  ",
      description_fr: "Des psychiatres et psychologues en ligne pour les établissements partenaires.",
    };
    const saved = await updateHub(h.db, admin, "mental-health", await formOf("mental-health", french));
    // (The sales pitch is counted as changed on every save here: its stored JSON's key order differs from the form's.)
    expect(saved.changed).toEqual(expect.arrayContaining(["French title", "French description"]));
    expect(saved.changed).not.toContain("title");
    const hub = await findHub(h.db, "mental-health");
    expect(hub).toMatchObject({ titleFr: "Santé mentale", descriptionFr: french.description_fr });
    expect(toHubSummary(hub!)).toMatchObject({ titleFr: "Santé mentale" });
    const bad = await refusedWith(
      updateHub(h.db, admin, "mental-health", await formOf("mental-health", { description_fr: "Court" })),
    );
    expect(bad).toMatchObject({
      status: 400,
      fieldErrors: { description_fr: "French description must be at least 10 characters" },
    });
    await updateHub(h.db, admin, "mental-health", await formOf("mental-health", { title_fr: "", description_fr: " " }));
    const cleared = (await h.db.select().from(hubs).where(eq(hubs.slug, "mental-health")))[0]!;
    expect([cleared.titleFr, cleared.descriptionFr]).toEqual([null, null]);
    expect(await findHub(h.db, "mental-health")).not.toHaveProperty("titleFr");
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

describe("launching notifies the waitlist (a job on the queue)", () => {
  it("emails every Pending entry once, marks each Notified; again sends nothing", async () => {
    for (const email of ["a@example.test", "b@example.test"]) await join("diabetes-care", email);
    await join("diabetes-care", "clinic@example.test", "facility");
    const mail = collector();
    smtp = mail.send;
    const result = await updateHub(
      h.db,
      admin,
      "diabetes-care",
      await formOf("diabetes-care", { status: "live", external_url: "https://diabetes.example.org" }),
    );
    expect(result).toMatchObject({ ok: true, launched: true });
    await settle();
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
    smtp = again.send;
    await sendNotification(h.db, progress!.id);
    const update = await sendHubUpdate(h.db, admin, "diabetes-care", {
      subject: "News",
      message: "Clinics open Monday.",
    });
    expect(update.ok).toBe(true);
    await settle();
    expect(again.sent).toEqual([]);
  });

  it("the mail server goes away halfway: every entry's mail waits in the queue and arrives once it is back", async () => {
    const emails = Array.from({ length: 7 }, (_, i) => `resume${i}@example.test`);
    for (const email of emails) await join("prostate-cancer", email);
    await workers.boss.updateQueue("send-message", { retryDelay: 1 });
    const first = collector();
    let calls = 0;
    let down = true;
    smtp = async (m: Mail) => {
      calls += 1;
      if (calls > 3 && down) throw Object.assign(new Error("SMTP connection lost"), { code: "ESOCKET" });
      await first.send(m);
    };
    const launched = await updateHub(
      h.db,
      admin,
      "prostate-cancer",
      await formOf("prostate-cancer", { status: "live", external_url: "https://sickle.example.org" }),
    );
    expect(launched.ok).toBe(true);
    // A batch marks its sent rows after its last attempt: wait until the 3 delivered are recorded.
    await vi.waitFor(
      async () => {
        const rows = await messagesTo(emails);
        expect(rows.filter((m) => m.attempts > 0)).toHaveLength(7);
        expect(rows.filter((m) => m.status === "sent")).toHaveLength(3);
      },
      { timeout: 15_000 },
    );
    expect(first.sent).toHaveLength(3);
    // Every entry was told (its mail is queued): the notification is done; 4 mails wait for SMTP.
    const [notification] = (await hubForEditing(h.db, admin, "prostate-cancer")).notifications;
    expect(notification).toMatchObject({ kind: "launch", total: 7, sent: 7, finished: true });
    expect((await messagesTo(emails)).filter((m) => m.status === "queued")).toHaveLength(4);
    down = false;
    await vi.waitFor(async () => expect(first.sent).toHaveLength(7), { timeout: 20_000 });
    await settle();
    const all = first.sent.map((m) => m.to);
    expect(all.sort()).toEqual([...emails].sort());
    expect(new Set(all).size).toBe(emails.length);
    const deliveries = await h.db
      .select({ n: count() })
      .from(hubNotificationDeliveries)
      .where(eq(hubNotificationDeliveries.notificationId, notification!.id));
    expect(deliveries[0]!.n).toBe(7);
    // Each message has its own stable Message-ID (its messages row).
    expect(new Set(first.sent.map((m) => m.messageId)).size).toBe(7);
    await workers.boss.updateQueue("send-message", { retryDelay: 30 });
  }, 40_000);

  it("a launch and an update started together: each entry gets one mail in all", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `together${i}@example.test`);
    for (const email of emails) await join("hypertension-heart", email);
    const mail = collector();
    smtp = mail.send;
    const launch = await launchHub(h.db, admin, "hypertension-heart", { external_url: "https://heart.example.org" });
    expect(launch).toMatchObject({ ok: true, launched: true });
    const update = await sendHubUpdate(h.db, admin, "hypertension-heart", {
      subject: "Opening hours",
      message: "Clinics take referrals from Monday.",
    });
    expect(update.ok).toBe(true);
    await settle();
    const to = mail.sent.map((m) => m.to);
    expect(to.sort()).toEqual([...emails].sort());
    const { notifications } = await hubForEditing(h.db, admin, "hypertension-heart");
    // Between them they told everyone once, and each counts whom it reached.
    expect(notifications.every((n) => n.finished && n.sent === n.total && !n.running)).toBe(true);
    expect(notifications.reduce((sum, n) => sum + n.sent, 0)).toBe(5);
    // Launching a live hub again is refused.
    expect(
      await statusOf(launchHub(h.db, admin, "hypertension-heart", { external_url: "https://heart.example.org" })),
    ).toBe(409);
  });

  it("launch needs an https address; a notification whose job gave up is resumed from the editor", async () => {
    expect(
      await refusedWith(launchHub(h.db, admin, "mens-sexual-health", { external_url: "http://men.example.org" })),
    ).toMatchObject({ status: 400, fieldErrors: { external_url: "Enter the hub's address, starting with https://" } });
    expect(await refusedWith(launchHub(h.db, admin, "mens-sexual-health", {}))).toMatchObject({
      status: 400,
      fieldErrors: { external_url: "A live hub needs its address" },
    });
    const emails = ["stop0@example.test", "stop1@example.test", "stop2@example.test"];
    for (const email of emails) await join("mens-sexual-health", email, "facility");
    // A notification whose job is gone (its retries ran out): nothing is sending it.
    const id = await notificationFor("mens-sexual-health");
    const [stopped] = (await hubForEditing(h.db, admin, "mens-sexual-health")).notifications;
    expect(stopped).toMatchObject({ id, sent: 0, finished: false, running: false });
    expect(await statusOf(resumeHubNotification(h.db, admin, "diabetes-care", id))).toBe(404);
    expect(await statusOf(resumeHubNotification(h.db, admin, "mens-sexual-health", "not-an-id"))).toBe(404);
    expect(await statusOf(resumeHubNotification(h.db, doctor, "mens-sexual-health", id))).toBe(403);
    const mail = collector();
    smtp = mail.send;
    await resumeHubNotification(h.db, admin, "mens-sexual-health", id);
    await settle();
    expect(mail.sent.map((m) => m.to).sort()).toEqual(emails);
    const [done] = (await hubForEditing(h.db, admin, "mens-sexual-health")).notifications;
    expect(done).toMatchObject({ sent: 3, total: 3, finished: true, running: false });
    // Finished: resuming again sends nothing.
    const again = collector();
    smtp = again.send;
    await resumeHubNotification(h.db, admin, "mens-sexual-health", id);
    await settle();
    expect(again.sent).toEqual([]);
  });
});

describe("runs on several servers", () => {
  it("two runs of one notification at once: each entry gets exactly one message", async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `twice${String(i).padStart(2, "0")}@example.test`);
    for (const email of emails) await join("cervical-cancer", email);
    const id = await notificationFor("cervical-cancer");
    // Two servers running the same notification, neither knowing of the other.
    await Promise.all([sendNotification(h.db, id), sendNotification(h.db, id)]);
    const queued = await messagesTo(emails);
    expect(queued.map((m) => m.recipient).sort()).toEqual(emails);
    const [{ n }] = await h.db
      .select({ n: count() })
      .from(hubNotificationDeliveries)
      .where(eq(hubNotificationDeliveries.notificationId, id));
    expect(n).toBe(12);
    expect(await notificationRow(id)).toMatchObject({ sent: 12, total: 12, finishedAt: expect.any(Date) });
  });

  it("a launch on one server and an update on another, together: one message per entry in all", async () => {
    const emails = Array.from({ length: 10 }, (_, i) => `split${i}@example.test`);
    for (const email of emails) await join("maternal-child-health", email);
    const launch = await notificationFor("maternal-child-health", "launch");
    const update = await notificationFor("maternal-child-health", "update");
    await Promise.all([sendNotification(h.db, launch), sendNotification(h.db, update)]);
    const queued = await messagesTo(emails);
    expect(queued.map((m) => m.recipient).sort()).toEqual([...emails].sort());
    // Each finished, counting whom it reached ("Sent to 6 of 6. Done.", never "6 of 10").
    const [a, b] = [await notificationRow(launch), await notificationRow(update)];
    expect(a.sent + b.sent).toBe(10);
    expect(a.total).toBe(a.sent);
    expect(b.total).toBe(b.sent);
    expect(a.finishedAt).not.toBeNull();
    expect(b.finishedAt).not.toBeNull();
  });

  it("one job per notification at a time: a second one while it is queued is refused", async () => {
    const id = await notificationFor("black-skin-acne");
    const later = new Date(Date.now() + 60_000);
    const first = await enqueue(h.db, {
      name: "hub-notification",
      data: { notificationId: id },
      singletonKey: id,
      startAfter: later,
    });
    expect(first).not.toBeNull();
    const running = (await hubForEditing(h.db, admin, "black-skin-acne")).notifications.find((n) => n.id === id);
    expect(running).toMatchObject({ finished: false, running: true });
    expect(
      await enqueue(h.db, { name: "hub-notification", data: { notificationId: id }, singletonKey: id }),
    ).toBeNull();
    await h.db.execute(sql`delete from pgboss.job where id = ${first}`);
  });
});
