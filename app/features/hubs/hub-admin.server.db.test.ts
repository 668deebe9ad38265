import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "~/auth/actor";
import { type Actor, actorById } from "~/auth/actor.server";
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
  updateHub,
} from "./hub-admin.server";
import { findHub, listHubs } from "./hubs.server";
import { formatLaunchDate, upcomingLaunchDate } from "./launch-date";

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
