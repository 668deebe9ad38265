import { and, eq, inArray, like } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "~/db/client.server";
import { facilities, messages, referrals } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { startFakeHubtel } from "../helpers/fake-providers";
import { jsonBody } from "../helpers/fake-providers/server";
import { startMailCatcher } from "../helpers/mail-catcher";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { pgliteTarget, postgresTarget, type Target } from "./durability";
import { referralForm } from "./referral-fixtures";

/*
 * Messages are as durable as the writes that cause them (decision 024). Two scenarios against the
 * production server (a child process):
 *
 * - SIGKILL while it sends: doctors create referrals, each of which queues an SMS to the facility's
 *   on-call number in the referral's own transaction; the server is killed while the SMS are being
 *   handed to the provider (a local fake of Hubtel's API which, like Hubtel, does not de-duplicate
 *   on our key: decision 035), then started again. Afterwards every referral that committed has had
 *   its SMS accepted by the provider at least once; a second copy only of a send the provider had
 *   taken and not yet answered when the server died (at most one per such send).
 * - SMTP down for a while (SMTP_OUTAGE_SECONDS, default 12): contact messages are acknowledged while no mail server listens; once
 *   one is started on that address, every mail arrives (each once).
 */

const ON_CALL = "+233205550147";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A job whose worker was killed is taken over after its heartbeat lapses (10 s, pg-boss's floor,
 * instead of production's 30 s) at the next supervision (every second instead of every 30 s).
 */
export const FAST_TAKEOVER = { JOB_HEARTBEAT_SECONDS: "10", JOB_SUPERVISE_SECONDS: "1" };

async function signIn(base: string, account: TestAccount): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
  });
  const line = response.headers.getSetCookie().find((c) => c.split(";")[0].includes("session_token="));
  if (!line) throw new Error(`the doctor could not sign in (${response.status})`);
  return line.split(";")[0];
}

export type SmsDurabilityReport = {
  database: "pglite" | "postgres";
  /** Referrals posted, acknowledged (a redirect), and found committed afterwards. */
  posted: number;
  acknowledged: number;
  committed: number;
  /** SMS the provider had accepted when the server was killed, and of those, how many it had not answered yet. */
  acceptedAtKill: number;
  unansweredAtKill: number;
  /** Send requests the provider received in all (retries of a send it had answered included). */
  providerRequests: number;
  /** Committed referrals whose SMS the provider never accepted: must be empty. */
  missing: string[];
  /**
   * Referral numbers whose SMS the provider accepted more than once: Hubtel does not de-duplicate,
   * so a send it took and had not answered when the server died is sent again (at least once). At
   * most `unansweredAtKill` of them, and none accepted three times.
   */
  twice: string[];
  /** Of those, the ones whose two copies were not one before the kill and one after: must be empty. */
  twiceInOneLife: string[];
  /** Of those, the ones the server that died had recorded as sent: must be empty. */
  twiceThoughSent: string[];
  /** The most copies of one SMS the provider accepted (1, or 2 for a send the kill caught in flight). */
  mostCopies: number;
  /** Acknowledged referrals that are not in the database: must be empty. */
  lost: string[];
  /** Statuses of the on-call SMS in the outbox at the end (all sent). */
  statuses: Record<string, number>;
};

/** Sends referrals, kills the server while their SMS go out, restarts it until every SMS went out. */
export async function runSmsDurability(database: "pglite" | "postgres"): Promise<SmsDurabilityReport> {
  // Hashing the doctor's password reads the configuration, which production mode wants complete.
  process.env.AUTH_SECRET ??= "durability-secret-durability-secret-0123";
  const fake = await startFakeHubtel("durable-client", "durable-secret", {
    // Slower than the referrals commit, so the kill finds SMS queued and in flight.
    delayMs: 400,
  });
  const target: Target = database === "pglite" ? await pgliteTarget() : await postgresTarget();
  const run = `sms-${Date.now().toString(36)}`;
  const env = {
    ...target.serverEnv,
    LOG_LEVEL: "warn",
    TRUST_PROXY: "true",
    DEFAULT_QUIET_HOURS: "off",
    SMS_PROVIDER: "hubtel",
    HUBTEL_CLIENT_ID: "durable-client",
    HUBTEL_CLIENT_SECRET: "durable-secret",
    HUBTEL_BASE_URL: fake.url,
    HUBTEL_STATUS_BASE_URL: fake.url,
    JOB_RETRY_DELAY_SECONDS: "1",
    ...FAST_TAKEOVER,
  };
  let server: ServerProcess | undefined;
  const start = async () => {
    const port = await freePort();
    server = startServer({ ...env, PORT: String(port) });
    await waitHealthy(port, server);
    return `http://127.0.0.1:${port}`;
  };
  const stop = async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    server = undefined;
  };
  try {
    // The doctor, and the facility's duty phone, on the fresh database (the test owns it now).
    let doctor: TestAccount;
    let facilityId: string;
    {
      const handle = await target.open();
      await seedContent(handle.db);
      const [facility] = await handle.db
        .select({ id: facilities.id })
        .from(facilities)
        .where(eq(facilities.isActive, true))
        .limit(1);
      facilityId = facility.id;
      await handle.db.update(facilities).set({ onCallPhone: ON_CALL }).where(eq(facilities.id, facilityId));
      doctor = await createAccount(handle.db, { role: "doctor", approved: true });
      await handle.close();
    }

    // Referrals stream in, four at a time; the kill comes once the provider has begun accepting
    // their SMS and more are still queued or in flight.
    const base = await start();
    const cookie = await signIn(base, doctor);
    const acknowledged: string[] = [];
    let posted = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const patient = `${run} ${posted++}`;
        try {
          const response = await fetch(`${base}/referrals/create`, {
            method: "POST",
            redirect: "manual",
            headers: { Cookie: cookie, "X-Forwarded-For": `10.79.${posted >> 8}.${posted & 255}` },
            body: referralForm(facilityId, patient),
          });
          await response.arrayBuffer();
          if (response.status === 302) acknowledged.push(patient);
        } catch {
          // The server is gone: unanswered.
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    const deadline = Date.now() + 120_000;
    // The kill lands while the provider holds sends it accepted but has not answered: the retry of
    // each makes a second SMS (Hubtel keeps no idempotency key), and nothing else does.
    while (fake.accepted.length < 8 || acknowledged.length < 20 || fake.inFlight === 0) {
      if (Date.now() > deadline) throw new Error(`no SMS went out: ${server?.output().slice(-3000)}`);
      if (server?.child.exitCode !== null) throw new Error(`server exited: ${server?.output().slice(-3000)}`);
      await sleep(5);
    }
    server?.child.kill("SIGKILL");
    killed = true;
    const acceptedAtKill = fake.accepted.length;
    const unansweredAtKill = fake.inFlight;
    // The sends the kill interrupted (the provider had them, the server never heard back), by key.
    const heldAtKill = [...fake.unanswered].map((r) => String(jsonBody(r)?.ClientReference ?? ""));
    await server?.exited;
    server = undefined;
    await Promise.all(writers);
    // What the killed server sent reaches the provider a little after the kill (the bytes were on
    // their way): the provider's count settles before the restart, and whatever it accepted so
    // far came from the server that died.
    for (let stable = 0, seen = -1; stable < 3; await sleep(50)) {
      stable = fake.requests.length === seen ? stable + 1 : 0;
      seen = fake.requests.length;
    }
    const acceptedBeforeRestart = fake.accepted.length;
    // What the dead server had recorded as sent: a send recorded so must never go again.
    const sentAtKill = new Set<string>();
    {
      const handle = await target.open();
      try {
        const rows = await committedReferrals(handle.db, run);
        const numberOf = new Map(rows.map((r) => [r.id, r.referralNumber]));
        for (const m of await onCallSms(
          handle.db,
          rows.map((r) => r.id),
        ))
          if (m.status === "sent" && m.referralId) sentAtKill.add(numberOf.get(m.referralId) ?? "");
      } finally {
        await handle.close();
      }
    }

    // Started again, the server sends what is left; a send killed in flight is taken over once its
    // worker's heartbeat lapses (JOB_HEARTBEAT_SECONDS) at the queue's next supervision
    // (JOB_SUPERVISE_SECONDS), both shortened here (FAST_TAKEOVER). On PostgreSQL the outbox is
    // watched while the server runs; PGlite has one owner at a time, so there the server runs
    // until the provider has caught up and has been asked again for every send the kill
    // interrupted (the takeover happened), and the outbox is read with it stopped (again, if
    // something is still queued).
    const askedAgain = (key: string) =>
      fake.requests.filter((r) => r.method === "POST" && jsonBody(r)?.ClientReference === key).length >= 2;
    const settleBy = Date.now() + 300_000;
    let unsent = Number.POSITIVE_INFINITY;
    while (unsent > 0 && Date.now() < settleBy) {
      await start();
      if (database === "postgres") {
        const handle = await target.open();
        while (Date.now() < settleBy) {
          unsent = await unsentCount(handle.db, run);
          if (unsent === 0) break;
          await sleep(500);
        }
      } else {
        while (
          (fake.accepted.length < acknowledged.length || !heldAtKill.every(askedAgain) || fake.inFlight > 0) &&
          Date.now() < settleBy
        ) {
          await sleep(250);
        }
      }
      await stop();
      if (database === "pglite") {
        const handle = await target.open();
        try {
          unsent = await unsentCount(handle.db, run);
        } finally {
          await handle.close();
        }
      }
    }

    const handle = await target.open();
    try {
      const rows = await committedReferrals(handle.db, run);
      const outbox = await onCallSms(
        handle.db,
        rows.map((r) => r.id),
      );
      const statuses: Record<string, number> = {};
      for (const m of outbox)
        statuses[`${m.status} by ${m.provider}`] = (statuses[`${m.status} by ${m.provider}`] ?? 0) + 1;
      const committedPatients = new Set(rows.map((r) => r.patientName));
      const acceptedFor = (number: string) => fake.accepted.filter((m) => m.text.includes(number)).length;
      // A second copy made by one server's life (not across the kill) would be a sending bug.
      const copiesAcrossTheKill = (number: string) => {
        const at = fake.accepted.flatMap((m, i) => (m.text.includes(number) ? [i] : []));
        return at.length === 2 && at[0] < acceptedBeforeRestart && at[1] >= acceptedBeforeRestart;
      };
      return {
        database,
        posted,
        acknowledged: acknowledged.length,
        committed: rows.length,
        acceptedAtKill,
        unansweredAtKill,
        providerRequests: fake.requests.filter((r) => r.method === "POST").length,
        missing: rows.map((r) => r.referralNumber).filter((n) => acceptedFor(n) === 0),
        twice: rows.map((r) => r.referralNumber).filter((n) => acceptedFor(n) > 1),
        twiceInOneLife: rows.map((r) => r.referralNumber).filter((n) => acceptedFor(n) > 1 && !copiesAcrossTheKill(n)),
        twiceThoughSent: rows.map((r) => r.referralNumber).filter((n) => acceptedFor(n) > 1 && sentAtKill.has(n)),
        mostCopies: Math.max(0, ...rows.map((r) => acceptedFor(r.referralNumber))),
        lost: acknowledged.filter((p) => !committedPatients.has(p)),
        statuses,
      };
    } finally {
      await handle.close();
    }
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await server?.exited;
    await fake.close();
    await target.drop();
  }
}

function committedReferrals(db: Db, run: string) {
  return db
    .select({ id: referrals.id, referralNumber: referrals.referralNumber, patientName: referrals.patientName })
    .from(referrals)
    .where(like(referrals.patientName, `${run} %`));
}

/** Committed referrals of the run whose on-call SMS is not sent (still queued, or not in the outbox at all). */
async function unsentCount(db: Db, run: string): Promise<number> {
  const rows = await committedReferrals(db, run);
  const outbox = await onCallSms(
    db,
    rows.map((r) => r.id),
  );
  return rows.length - outbox.filter((m) => m.status !== "queued").length;
}

/** The on-call SMS of these referrals in the outbox (the referral's own mails and other notices left out). */
async function onCallSms(db: Db, referralIds: string[]) {
  if (referralIds.length === 0) return [];
  return db
    .select({ referralId: messages.referralId, status: messages.status, provider: messages.provider })
    .from(messages)
    .where(
      and(inArray(messages.referralId, referralIds), eq(messages.channel, "sms"), eq(messages.recipient, ON_CALL)),
    );
}

export type SmtpOutageReport = {
  /** Contact messages acknowledged while no mail server listened. */
  acknowledged: number;
  /** Their mails that arrived once it listened, and how many arrived more than once. */
  arrived: number;
  duplicated: number;
  /** Seconds from the mail server's start to the last mail. */
  secondsAfterBack: number;
};

/**
 * Contact messages posted while SMTP is down for `downMs`; then a mail server listens there. With
 * JOB_RETRY_DELAY_SECONDS=1 the sends fail at about 1, 2, 4 and 8 s (backoff doubling): a window of
 * SMTP_OUTAGE_SECONDS (default 12) sees several failed retries, as a minute would see more.
 */
export async function runSmtpOutage(downMs: number, count = 6): Promise<SmtpOutageReport> {
  const target = await pgliteTarget();
  const smtpPort = await freePort();
  const port = await freePort();
  const run = `smtp-${Date.now().toString(36)}`;
  const server = startServer({
    ...target.serverEnv,
    PORT: String(port),
    LOG_LEVEL: "error",
    TRUST_PROXY: "true",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    JOB_RETRY_DELAY_SECONDS: "1",
  });
  let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  try {
    await waitHealthy(port, server);
    let acknowledged = 0;
    for (let i = 0; i < count; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { "X-Forwarded-For": `10.80.0.${i + 1}` },
        body: new URLSearchParams({
          name: `${run} ${i}`,
          email: `sender${i}@example.org`,
          subject: "general",
          message: "A message sent while the mail server is down.",
        }),
      });
      await response.arrayBuffer();
      if (response.status >= 200 && response.status < 400) acknowledged += 1;
    }
    await sleep(downMs);
    catcher = await startMailCatcher({ port: smtpPort });
    const back = Date.now();
    const ours = () => catcher!.messages.filter((m) => m.subject.includes(run));
    const deadline = Date.now() + 180_000;
    while (new Set(ours().map((m) => m.subject)).size < acknowledged && Date.now() < deadline) await sleep(250);
    const subjects = ours().map((m) => m.subject);
    const secondsAfterBack = Math.round((Date.now() - back) / 100) / 10;
    // A little longer: a duplicate would come now, if at all.
    await sleep(3000);
    const all = ours().map((m) => m.subject);
    return {
      acknowledged,
      arrived: new Set(subjects).size,
      duplicated: all.length - new Set(all).size,
      secondsAfterBack,
    };
  } finally {
    server.child.kill("SIGKILL");
    await server.exited;
    await catcher?.stop();
    await target.drop();
  }
}

/** What SMS sent across a SIGKILL must show: every committed one sent, a second copy only of one in flight at the kill. */
export function expectEverySmsAtLeastOnce(report: SmsDurabilityReport): void {
  console.log(`sms durability ${JSON.stringify(report)}`);
  expect(report.lost).toEqual([]);
  expect(report.missing).toEqual([]);
  // A second copy only of a send the server that died had made (the provider took it, and its
  // answer was not yet in the outbox when the server died), sent again after the restart. Their
  // number is about `unansweredAtKill`, the sends the provider held at the kill, but can be a few
  // more: requests on their way at the kill, and answers the server had received but not yet
  // recorded (seen on 29 Nov: 13 against 12 on a loaded machine).
  expect(report.twiceInOneLife).toEqual([]);
  expect(report.twiceThoughSent).toEqual([]);
  expect(report.mostCopies).toBeLessThanOrEqual(2);
  // The kill landed mid-sending: the provider had accepted SMS it had not answered yet.
  expect(report.unansweredAtKill).toBeGreaterThan(0);
  expect(report.acknowledged).toBeGreaterThanOrEqual(20);
  // Those were sent again after the restart.
  expect(report.providerRequests).toBeGreaterThan(report.committed);
  expect(report.statuses).toEqual({ "sent by hubtel": report.committed });
}
