import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { type Actor, assertGate } from "~/auth/actor.server";
import { SITE } from "~/content/site";
import type { Db } from "~/db/client.server";
import { hubNotificationDeliveries, hubNotifications, hubs, hubWaitlist } from "~/db/schema";
import { type Mail, sendMail } from "~/email/send.server";
import { env } from "~/env.server";
import { recordAudit } from "~/features/audit/audit.server";
import { logger } from "~/lib/logger.server";
import { type HubInput, hubLaunchSchema, hubSchema, hubUpdateSchema } from "./hub-schema";
import { formatLaunchDate } from "./launch-date";

/*
 * Hubs managed by system administrators (issue 17): edit a hub, launch it, and tell its waitlist.
 * A notification reaches every entry still Pending once: each entry is claimed in the database,
 * sent its mail, then marked Notified with a delivery row in one transaction, so runners on
 * several servers never email an entry twice, and a run stopped halfway (a crash, a restart) is
 * resumed where it stopped and skips everyone already told.
 */

type HubRow = typeof hubs.$inferSelect;
const notFound = () => data("Hub Not Found", { status: 404 });

export type HubFieldErrors = Record<string, string>;

function validate<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  fields: Record<string, unknown>,
): { ok: true; input: T } | { ok: false; fieldErrors: HubFieldErrors } {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors: HubFieldErrors = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "title")] ??= issue.message;
  return { ok: false, fieldErrors };
}

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
      notified: sql<number>`count(*) filter (where ${hubWaitlist.notified})::int`,
    })
    .from(hubWaitlist)
    .where(slug ? eq(hubWaitlist.hubId, slug) : undefined)
    .groupBy(hubWaitlist.hubId);
  return new Map(rows.map((r) => [r.hubId, { pending: r.pending, notified: r.notified }]));
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
   * Sending now: in this process, or on another server (an entry it claimed within the lease, or a
   * delivery in the last minute). Unfinished and not running means it stopped (its mail server
   * failed, or a server stopped and its claims have lapsed): the editor offers to resume it.
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
  // Unfinished and not running here: another server may be sending it (an entry claimed by it now,
  // or a delivery in the last minute).
  const elsewhere = notifications.filter((n) => n.finishedAt === null && !running.has(n.id)).map((n) => n.id);
  const busyElsewhere = new Set<string>();
  if (elsewhere.length > 0) {
    const [claims, deliveries] = await Promise.all([
      db
        .selectDistinct({ id: hubWaitlist.notifyClaimedBy })
        .from(hubWaitlist)
        .where(and(inArray(hubWaitlist.notifyClaimedBy, elsewhere), eq(hubWaitlist.notified, false), claimedNow())),
      db
        .selectDistinct({ id: hubNotificationDeliveries.notificationId })
        .from(hubNotificationDeliveries)
        .where(
          and(
            inArray(hubNotificationDeliveries.notificationId, elsewhere),
            sql`${hubNotificationDeliveries.sentAt} > now() - interval '1 minute'`,
          ),
        ),
    ]);
    for (const row of [...claims, ...deliveries]) if (row.id) busyElsewhere.add(row.id);
  }
  return {
    hub,
    pending: counts.get(slug)?.pending ?? 0,
    notified: counts.get(slug)?.notified ?? 0,
    notifications: notifications.map(
      (n): NotificationProgress => ({
        id: n.id,
        kind: n.kind,
        subject: n.subject,
        createdAt: n.createdAt.toISOString(),
        total: n.total,
        sent: n.sent,
        finished: n.finishedAt !== null,
        running: n.finishedAt === null && (running.has(n.id) || busyElsewhere.has(n.id)),
      }),
    ),
  };
}

function columnsOf(input: HubInput) {
  return {
    title: input.title,
    description: input.description,
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
  status: "status",
  launchDate: "launch date",
  externalUrl: "address",
  foundingMemberCapacity: "capacity",
  salesPitch: "sales pitch",
  targetAudience: "audience",
  foundingMemberPerks: "perks",
};

export type HubSaveResult =
  | { ok: true; changed: string[]; launched: boolean; notificationId: string | null }
  | { ok: false; fieldErrors: HubFieldErrors };

/** How a notification's mail goes out: `send` (tests catch it; by default SMTP), `wait` for the whole run. */
type SendOptions = { send?: (mail: Mail) => Promise<void>; wait?: boolean };

/**
 * Saves a hub. Moving a coming-soon hub to live launches it: in the same transaction a launch
 * notification is created for its waitlist, and it starts sending once the change is committed.
 */
export async function updateHub(
  db: Db,
  actor: Actor,
  slug: string,
  fields: Record<string, unknown>,
  options: SendOptions = {},
): Promise<HubSaveResult> {
  const admin = assertGate(actor, "system-admin");
  const checked = validate(hubSchema, fields);
  const result = await db.transaction(async (tx) => {
    const current = await hubBySlug(tx, slug);
    if (!checked.ok) return checked;
    const next = columnsOf(checked.input);
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
  if (result.ok && result.notificationId) await startRun(db, result.notificationId, options);
  return result;
}

/** Sends an update to a hub's Pending entries (what changed and what comes next, in the administrator's words). */
export async function sendHubUpdate(
  db: Db,
  actor: Actor,
  slug: string,
  fields: Record<string, unknown>,
  options: SendOptions = {},
): Promise<{ ok: true; notificationId: string } | { ok: false; fieldErrors: HubFieldErrors }> {
  const admin = assertGate(actor, "system-admin");
  const hub = await hubBySlug(db, slug);
  const checked = validate(hubUpdateSchema, fields);
  if (!checked.ok) return checked;
  const notificationId = await db.transaction((tx) =>
    createNotification(tx, admin.id, hub.id, slug, "update", checked.input.subject, checked.input.message),
  );
  await startRun(db, notificationId, options);
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
  options: SendOptions = {},
): Promise<HubSaveResult> {
  assertGate(actor, "system-admin");
  const current = await hubBySlug(db, slug);
  const checked = validate(hubLaunchSchema, fields);
  if (!checked.ok) return checked;
  if (current.status !== "coming-soon") throw data("This hub is already live", { status: 409 });
  return updateHub(
    db,
    actor,
    slug,
    {
      title: current.title,
      description: current.description,
      status: "live",
      external_url: checked.input.external_url ?? "",
      capacity: String(current.foundingMemberCapacity),
      problem: current.salesPitch.problem,
      agitation: current.salesPitch.agitation,
      solution: current.salesPitch.solution,
      benefits: current.salesPitch.benefits.join("\n"),
      target_audience: current.targetAudience.join("\n"),
      perks: current.foundingMemberPerks.join("\n"),
    },
    options,
  );
}

/**
 * Carries on a notification that stopped (its mail server failed): the entries still Pending get
 * it, nobody already told. Nothing happens if it is running or finished.
 */
export async function resumeHubNotification(
  db: Db,
  actor: Actor,
  slug: string,
  notificationId: unknown,
  options: SendOptions = {},
): Promise<void> {
  assertGate(actor, "system-admin");
  const hub = await hubBySlug(db, slug);
  const id = typeof notificationId === "string" ? notificationId : "";
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw data("Notification not found", { status: 404 });
  const [notification] = await db
    .select({ id: hubNotifications.id, finishedAt: hubNotifications.finishedAt })
    .from(hubNotifications)
    .where(and(eq(hubNotifications.id, id), eq(hubNotifications.hubId, hub.id)));
  if (!notification) throw data("Notification not found", { status: 404 });
  if (notification.finishedAt) return;
  await startRun(db, id, options);
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
  return row!.id;
}

/* ------------------------------------------------------------------------------------------------
 * The runner
 * ---------------------------------------------------------------------------------------------- */

/**
 * How long a runner's claim on a waitlist entry holds. A runner claims an entry just before
 * emailing it; a claim that is older than this belongs to a runner that stopped (its server
 * crashed between the claim and the mark), and the next runner takes the entry over.
 */
export const CLAIM_LEASE_SECONDS = 5 * 60;
const LEASE = sql.raw(`interval '${CLAIM_LEASE_SECONDS} seconds'`);

/** An entry no runner is emailing now: never claimed, or its claim has lapsed. */
const unclaimed = () =>
  sql`(${hubWaitlist.notifyClaimedAt} is null or ${hubWaitlist.notifyClaimedAt} < now() - ${LEASE})`;
/** An entry a runner is emailing now (claimed within the lease). */
const claimedNow = () => sql`${hubWaitlist.notifyClaimedAt} >= now() - ${LEASE}`;

/**
 * Notifications running in this process (one runner each). On globalThis: the server entry and the
 * bundled app each have a copy of this module, and they must share it.
 */
const RUNNING = Symbol.for("qurhealth.hub-notifications");
const HUB_QUEUES = Symbol.for("qurhealth.hub-notification-queues");
const processWide = globalThis as {
  [RUNNING]?: Map<string, Promise<void>>;
  [HUB_QUEUES]?: Map<string, Promise<void>>;
};
processWide[RUNNING] ??= new Map();
processWide[HUB_QUEUES] ??= new Map();
const running = processWide[RUNNING];

/**
 * The last run queued for each hub. In one process, runs for one hub go one after the other: a
 * launch and an update started together then reach each entry in the order they were made (the
 * launch first, the update finding everyone Notified) instead of sharing the entries out. What
 * keeps an entry from being emailed twice is the claim in the database, which also holds between
 * servers; this queue only orders the runs this process knows about.
 */
const hubQueues = processWide[HUB_QUEUES];

/** Runs `work` after every run queued before it for the same hub (whether that one succeeded or not). */
function inHubQueue(hubId: string, work: () => Promise<void>): Promise<void> {
  const before = hubQueues.get(hubId) ?? Promise.resolve();
  const mine = before.then(work, work);
  const tail = mine.then(
    () => undefined,
    () => undefined,
  );
  hubQueues.set(hubId, tail);
  void tail.then(() => {
    if (hubQueues.get(hubId) === tail) hubQueues.delete(hubId);
  });
  return mine;
}

async function startRun(db: Db, id: string, options: SendOptions) {
  const run = runNotification(db, id, options.send);
  if (options.wait) await run;
  else run.catch((error: unknown) => logger.error({ err: error, notification: id }, "hub notification failed"));
}

/** The mail one entry gets: what changed and what to do next, for a professional or a facility. */
export function notificationMail(
  hub: Pick<HubRow, "title" | "externalUrl">,
  notification: { id: string; kind: "launch" | "update"; subject: string; message: string },
  entry: { id: string; email: string; userType: "professional" | "facility" },
  appUrl: string,
): Mail {
  const register = `${appUrl}/auth?tab=register`;
  const next =
    entry.userType === "professional"
      ? ["What to do next:", `- Register as a doctor to take referrals through ${SITE.name}: ${register}`]
      : [
          "What to do next:",
          `- Claim your facility's listing: register as its facility administrator at ${register}`,
          `- How facilities work with the network: ${appUrl}/for-facilities`,
        ];
  const body =
    notification.kind === "launch"
      ? [
          `The ${hub.title} hub you joined the waitlist for is now open.`,
          ...(hub.externalUrl ? ["", `Visit the hub: ${hub.externalUrl}`] : []),
        ]
      : [`An update about the ${hub.title} hub you joined the waitlist for:`, "", notification.message];
  const domain = new URL(appUrl).hostname || "localhost";
  return {
    to: entry.email,
    subject: notification.kind === "launch" ? `${hub.title} is now open` : notification.subject,
    text: ["Hello,", "", ...body, "", ...next, "", SITE.name].join("\n"),
    messageId: `<hub-${notification.id}.${entry.id}@${domain}>`,
  };
}

const BATCH = 20;

/**
 * Sends a notification to every entry of its hub still Pending (see `sendNotification`), once per
 * process: a second call while it runs here gets the same run, and runs for one hub take turns.
 */
export function runNotification(db: Db, id: string, send: (mail: Mail) => Promise<void> = sendMail): Promise<void> {
  const existing = running.get(id);
  if (existing) return existing;
  const run = (async () => {
    const [queued] = await db
      .select({ hubId: hubNotifications.hubId })
      .from(hubNotifications)
      .where(eq(hubNotifications.id, id));
    if (!queued) return;
    await inHubQueue(queued.hubId, () => sendNotification(db, id, send));
  })().finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

/**
 * Claims a Pending entry for a notification's runner: one conditional UPDATE, which succeeds only
 * if the entry is still Pending and no runner holds it (never claimed, or the claim has lapsed).
 * Two runners (on two servers) racing for an entry: one gets it. Returns the claim's time as the
 * database wrote it (text, to the microsecond), which names this claim; null when it is taken.
 */
async function claimEntry(db: Db, notificationId: string, entryId: string): Promise<string | null> {
  const [claim] = await db
    .update(hubWaitlist)
    .set({ notifyClaimedBy: notificationId, notifyClaimedAt: sql`now()` })
    .where(and(eq(hubWaitlist.id, entryId), eq(hubWaitlist.notified, false), unclaimed()))
    .returning({ at: sql<string>`${hubWaitlist.notifyClaimedAt}::text` });
  return claim?.at ?? null;
}

/** Gives an entry back after its mail failed, so a resume can send it at once (only this very claim). */
async function releaseEntry(db: Db, notificationId: string, entryId: string, claimedAt: string): Promise<void> {
  await db
    .update(hubWaitlist)
    .set({ notifyClaimedBy: null, notifyClaimedAt: null })
    .where(
      and(
        eq(hubWaitlist.id, entryId),
        eq(hubWaitlist.notified, false),
        eq(hubWaitlist.notifyClaimedBy, notificationId),
        sql`${hubWaitlist.notifyClaimedAt} = ${claimedAt}::timestamptz`,
      ),
    );
}

/**
 * One runner of a notification: its hub's Pending entries, batch by batch. Each entry is claimed
 * in the database before its mail is sent (another runner's claim, fresh, means skip it), and after
 * the mail one transaction marks it Notified (clearing the claim), records the delivery and raises
 * `sent`. So any number of runners, in this process or on other servers, sharing out one
 * notification or running two for the same hub, email each entry once. When nothing is left to
 * claim, the runner waits for entries other runners are emailing: they are marked, or their claims
 * lapse and it takes them over (nobody is skipped); then it marks the notification finished.
 *
 * Resumable: a run stopped by a mail failure gives its entry back; a crash leaves the entry claimed
 * until the lease ends. The window it cannot close is a crash after the mail server accepted a
 * message and before the mark: after the lease that entry is sent the message again, with the same
 * Message-ID, so mail systems see one message. `runNotification` is what the product calls; this
 * is exported for tests that play two servers (`pollMs`: how often it looks at others' claims).
 */
export async function sendNotification(
  db: Db,
  id: string,
  send: (mail: Mail) => Promise<void> = sendMail,
  options: { pollMs?: number } = {},
): Promise<void> {
  const [notification] = await db.select().from(hubNotifications).where(eq(hubNotifications.id, id));
  if (!notification || notification.finishedAt) return;
  const [hub] = await db.select().from(hubs).where(eq(hubs.id, notification.hubId));
  if (!hub) return;
  const pending = and(eq(hubWaitlist.hubId, hub.slug), eq(hubWaitlist.notified, false));
  // Who is Pending now (a run queued behind another for the same hub finds fewer than at its start).
  await db
    .update(hubNotifications)
    .set({
      total: sql`${hubNotifications.sent} + (select count(*)::int from ${hubWaitlist} where ${hubWaitlist.hubId} = ${hub.slug} and not ${hubWaitlist.notified})`,
    })
    .where(eq(hubNotifications.id, id));
  const appUrl = env().APP_URL;
  for (;;) {
    const batch = await db
      .select({ id: hubWaitlist.id, email: hubWaitlist.email, userType: hubWaitlist.userType })
      .from(hubWaitlist)
      .where(and(pending, unclaimed()))
      .orderBy(asc(hubWaitlist.id))
      .limit(BATCH);
    if (batch.length === 0) {
      // Nobody left to claim; entries other runners are emailing now are theirs to mark, unless
      // a runner stopped holding one: then its claim lapses and this runner sends it.
      const [{ n }] = await db.select({ n: count() }).from(hubWaitlist).where(and(pending, claimedNow()));
      if (!n) break;
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
      continue;
    }
    for (const entry of batch) {
      const claimedAt = await claimEntry(db, id, entry.id);
      if (!claimedAt) continue; // another runner has just claimed it
      try {
        await send(notificationMail(hub, notification, entry, appUrl));
      } catch (error) {
        await releaseEntry(db, id, entry.id, claimedAt).catch((releaseError: unknown) =>
          logger.error({ err: releaseError, notification: id }, "releasing a waitlist entry failed"),
        );
        throw error;
      }
      await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(hubWaitlist)
          .set({ notified: true, notifiedAt: new Date(), notifyClaimedBy: null, notifyClaimedAt: null })
          .where(and(eq(hubWaitlist.id, entry.id), eq(hubWaitlist.notified, false)))
          .returning({ id: hubWaitlist.id });
        if (!marked) return;
        await tx
          .insert(hubNotificationDeliveries)
          .values({ notificationId: id, entryId: entry.id, email: entry.email })
          .onConflictDoNothing();
        // Entries that joined while it ran are told too: the total grows with them.
        await tx
          .update(hubNotifications)
          .set({
            sent: sql`${hubNotifications.sent} + 1`,
            total: sql`greatest(${hubNotifications.total}, ${hubNotifications.sent} + 1)`,
          })
          .where(eq(hubNotifications.id, id));
      });
    }
  }
  // Done: everyone Pending has been told, by this notification or (on another server) another one
  // for the same hub. The total becomes who this one reached, so the editor never shows "3 of 5. Done."
  await db
    .update(hubNotifications)
    .set({ finishedAt: new Date(), total: sql`${hubNotifications.sent}` })
    .where(and(eq(hubNotifications.id, id), isNull(hubNotifications.finishedAt)));
}

/** At start-up: every notification a stopped server left unfinished carries on (not awaited by the caller). */
export async function resumeNotifications(db: Db): Promise<void> {
  const unfinished = await db
    .select({ id: hubNotifications.id })
    .from(hubNotifications)
    .where(isNull(hubNotifications.finishedAt))
    .orderBy(asc(hubNotifications.createdAt));
  for (const { id } of unfinished) {
    await runNotification(db, id).catch((error: unknown) =>
      logger.error({ err: error, notification: id }, "resuming a hub notification failed"),
    );
  }
}
