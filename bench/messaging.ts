// The `messaging` part of `npm run bench` (docs/decisions/024): the production server
// with SMS_PROVIDER=arkesel pointed at the local fake of Arkesel's API
// (tests/helpers/fake-providers/arkesel.ts, answering at once) in this process; every SMS goes
// through the real outbox (a `messages` row and a `send-message` job, app/jobs/queue-message.server.ts) and the workers the server starts (server/job-workers.ts, default
// options: 4 workers of 10 messages each).
//   throughput  N SMS queued before the server starts (the bench writes them as the outbox writes a
//               batch, on the server's database, which it then leaves); the server drains them into the fake:
//               messages a second from the fake's first accepted send to its last.
//   emergency   a waitlist backlog queued the same way (10,000 still ahead at every sample, at the
//               priority the hub launch uses: none), then emergency referrals created one at a
//               time through the real form (POST /referrals/create as the bench doctor) to a
//               facility with an on-call number: from the POST being sent (its commit comes before
//               the answer) to the fake receiving the on-call number's SMS.
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateWithJobQueue } from "../app/database.server.ts";
import { type DatabaseHandle, openDatabase } from "../app/db/client.server.ts";
import { messages } from "../app/db/schema.ts";
import { enqueueMany } from "../app/jobs/queue.server.ts";
import { startFakeArkesel } from "../tests/helpers/fake-providers/arkesel.ts";
import { type BenchDb, type Kind, prepareDatabase, type Running, signIn, startApp } from "./databases.ts";

export type Latency = { samples: number; p50Ms: number; p95Ms: number; maxMs: number };

export type MessagingResult = {
  database: Kind;
  throughput: {
    messages: number;
    /** Accepted by the fake (each exactly once is expected). */
    accepted: number;
    /** From the fake's first accepted send to its last. */
    seconds: number;
    messagesPerSecond: number;
    /** Writing the N messages and their jobs before the server started (1,000 per transaction). */
    queueSeconds: number;
    /** The server process's CPU time (user + system, /proc) per message sent, from its start to the last send. */
    serverCpuMsPerMessage: number;
    /** That CPU time over the same wall time: how much of a core the server had (1 = one core busy throughout). */
    serverCoreShare: number;
    /** The bench process's CPU time (the fake Arkesel's HTTP server) per message. */
    fakeCpuMsPerMessage: number;
  };
  emergency: {
    /** Waitlist SMS queued before the server started. */
    backlogQueued: number;
    /** The fewest waitlist messages not yet handed to the fake when an emergency referral was posted. */
    minAheadAtPost: number;
    /** From the POST being sent to the on-call SMS reaching the fake. */
    fromPost: Latency;
    /** From the POST's answer (the commit is before it) to the SMS reaching the fake. */
    fromAnswer: Latency;
    /** Waitlist SMS the fake took while the samples ran, a second. */
    backlogRatePerSecond: number;
    /** Referrals whose SMS did not arrive within the wait (10 s). */
    missing: number;
  };
};

const API_KEY = "bench-arkesel-key";
const WEBHOOK_TOKEN = "bench-sms-webhook-token-".padEnd(40, "x");
/** The bench facility's on-call phone: the emergency's SMS is the one sent to it. */
const ON_CALL = "+233201110000";
const ON_CALL_DIGITS = ON_CALL.slice(1);

export function latency(samples: number[]): Latency {
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0) * 10) / 10;
  return {
    samples: samples.length,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: Math.round((sorted.at(-1) ?? 0) * 10) / 10,
  };
}

/** The benchmark database opened in this process (the server is not running on it). */
async function openBench(database: BenchDb): Promise<DatabaseHandle> {
  const handle =
    database.kind === "postgres"
      ? await openDatabase({ kind: "postgres", url: database.env.DATABASE_URL })
      : await openDatabase({ kind: "pglite", dataDir: path.join(database.env.DATA_DIR, "pglite") });
  // Installs the job queue's producer for enqueueMany (the tables exist already).
  await migrateWithJobQueue(handle);
  return handle;
}

/**
 * `count` waitlist SMS (event hub.launch, no priority: as the launch queues its mail), 1,000 per
 * transaction, written as queue-message.server.ts writes a batch: the `messages` rows, then their
 * `send-message` jobs in one enqueueMany (queueText writes one at a time, too slow for PGlite here).
 */
async function queueWaitlistSms(handle: DatabaseHandle, count: number, from: number): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    await handle.db.transaction(async (tx) => {
      const rows = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const n = from + i;
        rows.push({
          channel: "sms" as const,
          recipient: `+23324${String(n).padStart(7, "0")}`,
          event: "hub.launch",
          payload: {
            text: `Qurhealth: the Cervical Cancer hub is open: http://localhost/hub/cervical-cancer (${n}). Reply STOP to stop.`,
          },
        });
      }
      const ids = await tx.insert(messages).values(rows).returning({ id: messages.id });
      await enqueueMany(
        tx,
        "send-message",
        ids.map(({ id }) => ({ data: { messageId: id }, singletonKey: id })),
      );
    });
  }
}

/** The fake Arkesel, with the time each send was accepted and to whom. */
async function timedFake() {
  const fake = await startFakeArkesel(API_KEY);
  const accepted: { at: number; to: string }[] = [];
  /** When each SMS to the on-call number was accepted. */
  const onCall: number[] = [];
  const push = fake.accepted.push.bind(fake.accepted);
  fake.accepted.push = (...items) => {
    const at = performance.now();
    for (const item of items) {
      accepted.push({ at, to: item.to });
      if (item.to === ON_CALL_DIGITS) onCall.push(at);
    }
    return push(...items);
  };
  return { fake, accepted, onCall, waitlistSent: () => accepted.length - onCall.length };
}

function serverEnv(fakeUrl: string): Record<string, string> {
  return {
    SMS_PROVIDER: "arkesel",
    ARKESEL_API_KEY: API_KEY,
    ARKESEL_BASE_URL: fakeUrl,
    SMS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    DEFAULT_QUIET_HOURS: "off",
  };
}

/** A process's CPU time so far (user + system, Linux /proc, 100 ticks a second), in ms; 0 when unknown. */
function cpuMsOf(pid: number | null): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // After "pid (comm) ": state is field 3, utime 14 and stime 15 (1-based over the whole line).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

async function throughputRun(kind: Kind, messages: number, log: (line: string) => void) {
  const database = await prepareDatabase(kind, null);
  const { fake, accepted } = await timedFake();
  try {
    const handle = await openBench(database);
    const queueStarted = performance.now();
    try {
      await queueWaitlistSms(handle, messages, 0);
    } finally {
      await handle.close();
    }
    const queueSeconds = (performance.now() - queueStarted) / 1000;
    const app = await startApp(database, serverEnv(fake.url));
    // Where the time goes: the server's CPU time and this process's (the fake) over the drain.
    let cpu = { serverMs: 0, fakeMs: 0, wallMs: 0 };
    try {
      const serverBefore = cpuMsOf(app.pid);
      const fakeBefore = process.cpuUsage();
      const wallBefore = performance.now();
      // At most 5 minutes: a run slower than ~35 a second is reported as it stands.
      await waitFor(() => accepted.length >= messages, 300_000);
      const fakeUsed = process.cpuUsage(fakeBefore);
      cpu = {
        serverMs: cpuMsOf(app.pid) - serverBefore,
        fakeMs: (fakeUsed.user + fakeUsed.system) / 1000,
        wallMs: performance.now() - wallBefore,
      };
    } finally {
      await app.stop();
    }
    const seconds = accepted.length > 1 ? (accepted.at(-1)!.at - accepted[0]!.at) / 1000 : 0;
    const result = {
      messages,
      accepted: accepted.length,
      seconds: Math.round(seconds * 100) / 100,
      messagesPerSecond: seconds > 0 ? Math.round((accepted.length - 1) / seconds) : 0,
      queueSeconds: Math.round(queueSeconds * 10) / 10,
      serverCpuMsPerMessage: Math.round((cpu.serverMs / Math.max(1, accepted.length)) * 100) / 100,
      serverCoreShare: Math.round((cpu.serverMs / Math.max(1, cpu.wallMs)) * 100) / 100,
      fakeCpuMsPerMessage: Math.round((cpu.fakeMs / Math.max(1, accepted.length)) * 100) / 100,
    };
    log(
      `  ${kind} throughput: ${result.accepted}/${messages} SMS into the fake in ${result.seconds} s: ${result.messagesPerSecond} a second (queued in ${result.queueSeconds} s); the server used ${result.serverCpuMsPerMessage} ms of CPU a message (${result.serverCoreShare} of a core), the fake ${result.fakeCpuMsPerMessage} ms`,
    );
    return result;
  } finally {
    await fake.close();
    await database.drop();
  }
}

async function postEmergency(app: Running, cookie: string, facilityId: string, i: number) {
  const body = new URLSearchParams({
    facility_id: facilityId,
    patient_name: `Bench Emergency ${i}`,
    patient_phone: `024${String(2_000_000 + i).padStart(7, "0")}`,
    chief_complaint: "Severe chest pain, sweating",
    urgency_level: "emergency",
  });
  const response = await fetch(`${app.base}/referrals/create`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, Origin: app.base, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": `10.79.0.${i % 250}` },
    body,
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`creating an emergency referral answered ${response.status}`);
}

async function emergencyRun(
  kind: Kind,
  options: { samples: number; ahead: number; ratePerSecond: number; log: (line: string) => void },
) {
  const { samples, ahead, ratePerSecond, log } = options;
  // Every sample must find `ahead` waitlist messages still queued: enough for the samples' time
  // (about half a second each) at the measured drain rate, twice over.
  const backlog = ahead + Math.ceil(ratePerSecond * samples * 0.6 * 2);
  const database = await prepareDatabase(kind, null);
  const { fake, onCall, waitlistSent } = await timedFake();
  try {
    const handle = await openBench(database);
    let facilityId: string;
    try {
      // The bench facility administrator's facility (seedBenchUsers) gets an on-call number.
      const result = await handle.db.execute<{ id: string }>(
        sql`update facilities set on_call_phone = ${ON_CALL}
             where id = (select facility_id from users where email = 'bench-facility-admin@example.org') returning id`,
      );
      facilityId = result.rows[0]!.id;
      await queueWaitlistSms(handle, backlog, 1_000_000);
    } finally {
      await handle.close();
    }
    const app = await startApp(database, serverEnv(fake.url));
    const fromPost: number[] = [];
    const fromAnswer: number[] = [];
    let minAhead = Number.POSITIVE_INFINITY;
    let missing = 0;
    let rate = 0;
    try {
      const cookie = await signIn(app.base, "doctor");
      const firstCount = waitlistSent();
      const firstAt = performance.now();
      for (let i = 0; i < samples; i++) {
        const before = onCall.length;
        const stillQueued = backlog - waitlistSent();
        if (stillQueued < ahead) {
          log(`  ${kind}: only ${stillQueued} waitlist messages left ahead; stopping after ${i} samples`);
          break;
        }
        minAhead = Math.min(minAhead, stillQueued);
        const posted = performance.now();
        await postEmergency(app, cookie, facilityId, i);
        const answered = performance.now();
        const arrived = await waitFor(() => onCall.length > before, 10_000);
        if (!arrived) {
          missing += 1;
          continue;
        }
        const at = onCall[before]!;
        fromPost.push(at - posted);
        fromAnswer.push(at - answered);
        await sleep(100);
      }
      rate = Math.round((waitlistSent() - firstCount) / ((performance.now() - firstAt) / 1000));
    } finally {
      await app.stop();
    }
    const result = {
      backlogQueued: backlog,
      minAheadAtPost: Number.isFinite(minAhead) ? minAhead : 0,
      fromPost: latency(fromPost),
      fromAnswer: latency(fromAnswer),
      backlogRatePerSecond: rate,
      missing,
    };
    log(
      `  ${kind} emergency: ${result.fromPost.samples} referrals, at least ${result.minAheadAtPost} waitlist SMS ahead; first SMS from the POST p50 ${result.fromPost.p50Ms} / p95 ${result.fromPost.p95Ms} / max ${result.fromPost.maxMs} ms (from the answer p95 ${result.fromAnswer.p95Ms} ms)${missing ? `; ${missing} never arrived` : ""}`,
    );
    return result;
  } finally {
    await fake.close();
    await database.drop();
  }
}

export async function messagingBench(
  kind: Kind,
  options: { messages: number; samples: number; ahead: number; log: (line: string) => void },
): Promise<MessagingResult> {
  const throughput = await throughputRun(kind, options.messages, options.log);
  const emergency = await emergencyRun(kind, {
    samples: options.samples,
    ahead: options.ahead,
    ratePerSecond: Math.max(throughput.messagesPerSecond, 100),
    log: options.log,
  });
  return { database: kind, throughput, emergency };
}
