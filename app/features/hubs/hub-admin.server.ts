import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { type Actor, assertGate } from "~/auth/actor.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { hubNotificationDeliveries, hubNotifications, hubs, hubWaitlist } from "~/db/schema";
import type { Mail } from "~/email/send.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/public.server";
import { queueEmails, queueText } from "~/features/messaging/public.server";
import { signSmsStopToken, waitlistSms } from "~/features/waitlist/public.server";
import { type Locale, localePath } from "~/i18n/locales";
import { messageT } from "~/i18n/message-text.server";
import { enqueue, type JobHandler, pendingJobs } from "~/jobs/queue.server";
import { PRIORITY } from "~/jobs/queue-message.server";
import { parseOrRefuse, refuse } from "~/lib/refusal";
import { type HubInput, hubLaunchSchema, hubSchema, hubUpdateSchema } from "./hub-schema";
import { formatLaunchDate } from "./launch-date";

/*
 * Hubs managed by system administrators (decision 021): edit a hub, launch it, and tell its waitlist.
 * A notification reaches every entry still Pending once: it is a job on the job queue, written
 * with the notification; the job marks entries Notified and queues their mail in one transaction
 * per batch, so runs on several servers never email an entry twice, and a run stopped halfway (a
 * crash, a restart) is retried by the queue and skips everyone already told.
 */

type HubRow = typeof hubs.$inferSelect;
const notFound = () => data("Hub Not Found", { status: 404 });

async function hubBySlug(db: Pick<Db, "select">, slug: string): Promise<HubRow> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) throw notFound();
  const [row] = await db.select().from(hubs).where(eq(hubs.slug, slug));
  if (!row) throw notFound();
  return row;
}

/** Pending and Notified entries of each hub. */
async function waitlistCounts(db: Db, slug?: string) {
  const rows = await db
    .select({
      hubId: hubWaitlist.hubId,
      pending: sql<number>`count(*) filter (where not ${hubWaitlist.notified})::int`,
      /** Pending entries with no email (a patient's consented mobile number alone): texted, not emailed. */
      pendingByPhone: sql<number>`count(*) filter (where not ${hubWaitlist.notified} and ${hubWaitlist.email} is null)::int`,
      notified: sql<number>`count(*) filter (where ${hubWaitlist.notified})::int`,
      patients: sql<number>`count(*) filter (where ${hubWaitlist.userType} = 'patient')::int`,
    })
    .from(hubWaitlist)
    .where(slug ? eq(hubWaitlist.hubId, slug) : undefined)
    .groupBy(hubWaitlist.hubId);
  return new Map(
    rows.map((r) => [
      r.hubId,
      { pending: r.pending, pendingByPhone: r.pendingByPhone, notified: r.notified, patients: r.patients },
    ]),
  );
}

export type AdminHubRow = {
  slug: string;
  title: string;
  status: HubRow["status"];
  launchDate: string | null;
  capacity: number;
  pending: number;
  notified: number;
};

/** Every hub with its waitlist's Pending and Notified counts (system administrators). */
export async function listHubsForAdmin(db: Db, actor: Actor): Promise<AdminHubRow[]> {
  assertGate(actor, "system-admin");
  const [rows, counts] = await Promise.all([db.select().from(hubs).orderBy(asc(hubs.position)), waitlistCounts(db)]);
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    status: r.status,
    launchDate: formatLaunchDate(r.launchDate),
    capacity: r.foundingMemberCapacity,
    pending: counts.get(r.slug)?.pending ?? 0,
    notified: counts.get(r.slug)?.notified ?? 0,
  }));
}

export type NotificationProgress = {
  id: string;
  kind: "launch" | "update";
  subject: string;
  createdAt: string;
  total: number;
  sent: number;
  finished: boolean;
  /**
   * Its job is queued or running (on any server). Unfinished and not running means its job gave
   * up (every retry failed): the editor offers to resume it.
   */
  running: boolean;
};

/** A hub for its editor: the row, its waitlist counts and its notifications, newest first. */
export async function hubForEditing(db: Db, actor: Actor, slug: string) {
  assertGate(actor, "system-admin");
  const hub = await hubBySlug(db, slug);
  const [counts, notifications] = await Promise.all([
    waitlistCounts(db, slug),
    db
      .select()
      .from(hubNotifications)
      .where(eq(hubNotifications.hubId, hub.id))
      .orderBy(desc(hubNotifications.createdAt))
      .limit(10),
  ]);
  // Unfinished: its job may be queued or running (anywhere), or may have given up.
  const running = new Set<string>();
  for (const n of notifications) {
    if (n.finishedAt === null && (await pendingJobs(db, "hub-notification", n.id)).length > 0) running.add(n.id);
  }
  return {
    hub,
    pending: counts.get(slug)?.pending ?? 0,
    /** Of the Pending, those who gave only a mobile number: the launch texts them instead of emailing. */
    pendingByPhone: counts.get(slug)?.pendingByPhone ?? 0,
    notified: counts.get(slug)?.notified ?? 0,
    /** Of them, patients and family members, counted apart from professionals and facilities. */
    patients: counts.get(slug)?.patients ?? 0,
    notifications: notifications.map(
      (n): NotificationProgress => ({
        id: n.id,
        kind: n.kind,
        subject: n.subject,
        createdAt: n.createdAt.toISOString(),
        total: n.total,
        sent: n.sent,
        finished: n.finishedAt !== null,
        running: running.has(n.id),
      }),
    ),
  };
}

function columnsOf(input: HubInput) {
  return {
    title: input.title,
    description: input.description,
    titleFr: input.title_fr,
    descriptionFr: input.description_fr,
    status: input.status,
    launchDate: input.status === "coming-soon" ? input.launch_date : null,
    externalUrl: input.status === "live" ? input.external_url : null,
    foundingMemberCapacity: input.capacity,
    salesPitch: {
      problem: input.problem,
      agitation: input.agitation,
      solution: input.solution,
      benefits: input.benefits,
    },
    targetAudience: input.target_audience,
    foundingMemberPerks: input.perks,
  };
}

const FIELD_NAMES: Record<keyof ReturnType<typeof columnsOf>, string> = {
  title: "title",
  description: "description",
  titleFr: "French title",
  descriptionFr: "French description",
  status: "status",
  launchDate: "launch date",
  externalUrl: "address",
  foundingMemberCapacity: "capacity",
  salesPitch: "sales pitch",
  targetAudience: "audience",
  foundingMemberPerks: "perks",
};

export type HubSaveResult = { ok: true; changed: string[]; launched: boolean; notificationId: string | null };

/**
 * Saves a hub. Moving a coming-soon hub to live launches it: in the same transaction a launch
 * notification is created for its waitlist, with the job that sends it. Refused values are a 400
 * with each field's message (an unknown hub is a 404 first).
 */
export async function updateHub(
  db: Db,
  actor: Actor,
  slug: string,
  fields: Record<string, unknown>,
): Promise<HubSaveResult> {
  const admin = assertGate(actor, "system-admin");
  const result = await db.transaction(async (tx) => {
    const current = await hubBySlug(tx, slug);
    const next = columnsOf(parseOrRefuse(hubSchema, fields));
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (k) => JSON.stringify(current[k] ?? null) !== JSON.stringify(next[k] ?? null),
    );
    if (changed.length === 0) return { ok: true as const, changed: [], launched: false, notificationId: null };
    await tx.update(hubs).set(next).where(eq(hubs.id, current.id));
    const launched = current.status === "coming-soon" && next.status === "live";
    await recordAudit(tx, {
      actorId: admin.id,
      action: launched ? "hub.launched" : "hub.updated",
      subjectType: "hub",
      subjectId: current.id,
      fromStatus: current.status,
      toStatus: next.status,
      reason: `Changed: ${changed.map((k) => FIELD_NAMES[k]).join(", ")}`,
    });
    const notificationId = launched
      ? await createNotification(tx, admin.id, current.id, slug, "launch", `${next.title} is open`, "")
      : null;
    return { ok: true as const, changed: changed.map((k) => FIELD_NAMES[k]), launched, notificationId };
  });
  return result;
}

/** Sends an update to a hub's Pending entries (what changed and what comes next, in the administrator's words). */
export async function sendHubUpdate(
  db: Db,
  actor: Actor,
  slug: string,
  fields: Record<string, unknown>,
): Promise<{ ok: true; notificationId: string }> {
  const admin = assertGate(actor, "system-admin");
  const hub = await hubBySlug(db, slug);
  const { subject, message } = parseOrRefuse(hubUpdateSchema, fields);
  const notificationId = await db.transaction((tx) =>
    createNotification(tx, admin.id, hub.id, slug, "update", subject, message),
  );
  return { ok: true, notificationId };
}

/**
 * "Launch hub": a coming-soon hub goes live at `external_url`, its other fields unchanged; the save
 * launches it (audited, and its waitlist's Pending entries are emailed).
 */
export async function launchHub(
  db: Db,
  actor: Actor,
  slug: string,
  fields: Record<string, unknown>,
): Promise<HubSaveResult> {
  assertGate(actor, "system-admin");
  const current = await hubBySlug(db, slug);
  const { external_url } = parseOrRefuse(hubLaunchSchema, fields);
  if (current.status !== "coming-soon") refuse(409, "This hub is already live");
  return updateHub(db, actor, slug, {
    title: current.title,
    description: current.description,
    title_fr: current.titleFr ?? "",
    description_fr: current.descriptionFr ?? "",
    status: "live",
    external_url: external_url ?? "",
    capacity: String(current.foundingMemberCapacity),
    problem: current.salesPitch.problem,
    agitation: current.salesPitch.agitation,
    solution: current.salesPitch.solution,
    benefits: current.salesPitch.benefits.join("\n"),
    target_audience: current.targetAudience.join("\n"),
    perks: current.foundingMemberPerks.join("\n"),
  });
}

/**
 * Carries on a notification whose job gave up: the entries still Pending get it, nobody already
 * told. Nothing happens if its job is queued or running (a second one is refused) or it finished.
 */
export async function resumeHubNotification(
  db: Db,
  actor: Actor,
  slug: string,
  notificationId: unknown,
): Promise<void> {
  assertGate(actor, "system-admin");
  const hub = await hubBySlug(db, slug);
  const id = typeof notificationId === "string" ? notificationId : "";
  if (!/^[0-9a-f-]{36}$/i.test(id)) refuse(404, "Notification not found");
  const [notification] = await db
    .select({ id: hubNotifications.id, finishedAt: hubNotifications.finishedAt })
    .from(hubNotifications)
    .where(and(eq(hubNotifications.id, id), eq(hubNotifications.hubId, hub.id)));
  if (!notification) refuse(404, "Notification not found");
  if (notification.finishedAt) return;
  await enqueue(db, { name: "hub-notification", data: { notificationId: id }, singletonKey: id });
}

async function createNotification(
  tx: Pick<Db, "insert" | "select" | "update" | "execute">,
  adminId: string,
  hubId: string,
  slug: string,
  kind: "launch" | "update",
  subject: string,
  message: string,
): Promise<string> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(hubWaitlist)
    .where(and(eq(hubWaitlist.hubId, slug), eq(hubWaitlist.notified, false)));
  const [row] = await tx
    .insert(hubNotifications)
    .values({ hubId, kind, subject, message, createdBy: adminId, total: n ?? 0 })
    .returning({ id: hubNotifications.id });
  await recordAudit(tx, {
    actorId: adminId,
    action: "hub.notified",
    subjectType: "hub",
    subjectId: hubId,
    reason: `${kind === "launch" ? "Launch" : "Update"} to ${n ?? 0} waitlist entries`,
  });
  // The job that sends it commits with it (or not at all).
  await enqueue(tx, { name: "hub-notification", data: { notificationId: row!.id }, singletonKey: row!.id });
  return row!.id;
}

/* ------------------------------------------------------------------------------------------------
 * The runner: a `hub-notification` job on the job queue (decision 024)
 * ---------------------------------------------------------------------------------------------- */

/**
 * The mail one entry gets, in the language of the page they signed up on (decision 048): what changed
 * and what to do next, for a professional or a facility, with links to the pages in that language.
 * An update's subject and message are the administrator's own words, sent as they were written.
 */
export function notificationMail(
  hub: Pick<HubRow, "slug" | "title" | "externalUrl">,
  notification: { kind: "launch" | "update"; subject: string; message: string },
  entry: { email: string; userType: "professional" | "facility" | "patient"; language?: Locale },
  appUrl: string,
): Omit<Mail, "messageId"> {
  const locale = entry.language ?? "en";
  const t = messageT(locale);
  const page = (path: string) => `${appUrl}${localePath(locale, path)}`;
  const register = page("/auth?tab=register");
  const next =
    entry.userType === "patient"
      ? [t("mail.hub.next"), t("mail.hub.patient.find", { link: page("/facilities") })]
      : entry.userType === "professional"
        ? [t("mail.hub.next"), t("mail.hub.professional.register", { brand: SITE.name, link: register })]
        : [
            t("mail.hub.next"),
            t("mail.hub.facility.claim", { link: register }),
            t("mail.hub.facility.how", { link: page("/for-facilities") }),
          ];
  const body =
    notification.kind === "launch"
      ? [
          t("mail.hub.launch.body", { hub: hub.title }),
          "",
          t("mail.hub.launch.page", { link: page(`/hub/${hub.slug}`) }),
          ...(hub.externalUrl ? [t("mail.hub.launch.visit", { link: hub.externalUrl })] : []),
        ]
      : [t("mail.hub.update.body", { hub: hub.title }), "", notification.message];
  return {
    to: entry.email,
    subject: notification.kind === "launch" ? t("mail.hub.launch.subject", { hub: hub.title }) : notification.subject,
    text: [t("mail.hello"), "", ...body, "", ...next, "", SITE.name].join("\n"),
  };
}

const BATCH = 50;

/** The job that carries a notification out (written with the notification, in its transaction). */
export function hubNotificationJob(db: Db): JobHandler<"hub-notification"> {
  return (job) => sendNotification(db, job.data.notificationId);
}

/**
 * Carries a notification to every entry of its hub still Pending, batch by batch. Each batch is
 * one transaction that marks its entries Notified, records the deliveries, raises `sent` and queues
 * one email per entry (a `send-message` job each, retried on its own until the mail server takes
 * it). The entries are locked and skipped when another run holds them (`for update skip locked`),
 * and only a Pending entry is marked, so any number of runs, on any number of servers, queue one
 * mail per entry in all: a launch and an update for one hub together tell each entry once. A run
 * that dies halfway is retried by the queue and carries on with whoever is still Pending.
 */
export async function sendNotification(db: Db, id: string): Promise<void> {
  const [notification] = await db.select().from(hubNotifications).where(eq(hubNotifications.id, id));
  if (!notification || notification.finishedAt) return;
  const [hub] = await db.select().from(hubs).where(eq(hubs.id, notification.hubId));
  if (!hub) return;
  const pending = and(eq(hubWaitlist.hubId, hub.slug), eq(hubWaitlist.notified, false));
  // Who is Pending now (a run after another for the same hub finds fewer than at its start).
  await db
    .update(hubNotifications)
    .set({
      total: sql`${hubNotifications.sent} + (select count(*)::int from ${hubWaitlist} where ${hubWaitlist.hubId} = ${hub.slug} and not ${hubWaitlist.notified})`,
    })
    .where(eq(hubNotifications.id, id));
  const { APP_URL: appUrl, AUTH_SECRET: secret } = env();
  const event = `hub.${notification.kind}`;
  for (;;) {
    const more = await db.transaction(async (tx) => {
      const batch = await tx
        .select({
          id: hubWaitlist.id,
          email: hubWaitlist.email,
          userType: hubWaitlist.userType,
          phone: hubWaitlist.phone,
          smsConsentAt: hubWaitlist.smsConsentAt,
          smsStoppedAt: hubWaitlist.smsStoppedAt,
          language: hubWaitlist.language,
        })
        .from(hubWaitlist)
        .where(pending)
        .orderBy(asc(hubWaitlist.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (batch.length === 0) return false;
      const marked = await tx
        .update(hubWaitlist)
        .set({ notified: true, notifiedAt: new Date() })
        .where(
          and(
            inArray(
              hubWaitlist.id,
              batch.map((e) => e.id),
            ),
            eq(hubWaitlist.notified, false),
          ),
        )
        .returning({ id: hubWaitlist.id });
      const told = new Set(marked.map((m) => m.id));
      const entries = batch.filter((e) => told.has(e.id));
      if (entries.length === 0) return true;
      await tx
        .insert(hubNotificationDeliveries)
        .values(
          entries.map((e) => ({ notificationId: id, entryId: e.id, email: e.email, phone: e.email ? null : e.phone })),
        )
        .onConflictDoNothing();
      // A patient who gave only a mobile number (decision 029) has no email: the SMS below is their notice.
      await queueEmails(
        tx,
        entries.flatMap((e) =>
          e.email ? [notificationMail(hub, notification, { ...e, email: e.email }, appUrl)] : [],
        ),
        { event },
      );
      // And an SMS to those who agreed to them and have not stopped them (decision 029), in the same
      // transaction as the claim, so once per entry; the message's id is its idempotency key.
      for (const e of entries) {
        if (!e.phone || !e.smsConsentAt || e.smsStoppedAt) continue;
        const page = (path: string) => `${appUrl}${localePath(e.language, path)}`;
        const stopLink = page(`/hub-sms/stop/${signSmsStopToken(e.id, secret)}`);
        const text = waitlistSms(
          messageT(e.language),
          SITE.name,
          hub.title,
          notification.kind,
          page(`/hub/${hub.slug}`),
          stopLink,
        );
        await queueText(tx, "sms", e.phone, { text }, { event, priority: PRIORITY.bulk });
      }
      // Entries that joined while it ran are told too: the total grows with them.
      await tx
        .update(hubNotifications)
        .set({
          sent: sql`${hubNotifications.sent} + ${entries.length}`,
          total: sql`greatest(${hubNotifications.total}, ${hubNotifications.sent} + ${entries.length})`,
        })
        .where(eq(hubNotifications.id, id));
      return true;
    });
    if (!more) break;
  }
  // Done: everyone Pending has been told, by this notification or another one for the same hub.
  // The total becomes who this one reached, so the editor never shows "3 of 5. Done."
  await db
    .update(hubNotifications)
    .set({ finishedAt: new Date(), total: sql`${hubNotifications.sent}` })
    .where(and(eq(hubNotifications.id, id), isNull(hubNotifications.finishedAt)));
}
