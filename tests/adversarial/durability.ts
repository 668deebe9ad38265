import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { HUBS } from "~/content/hubs";
import { migrateWithJobQueue } from "~/database.server";
import { type Db, openDatabase } from "~/db/client.server";
import { facilities, hubWaitlist, referrals } from "~/db/schema";
import { seedContent } from "~/db/seed.server";
import type { RetrySettings } from "~/jobs/queue.server";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { createTestDb } from "../helpers/test-db";
import { referralForm } from "./referral-fixtures";

/*
 * Durability under SIGKILL: the production server (a child process) takes a stream of writes over
 * HTTP; in the middle of it the process is killed with SIGKILL (no shutdown, no flush); it is
 * started again on the same data, and every write that had been acknowledged (a 2xx or 3xx answer
 * received before the kill) must be in the database. Writes the server committed but could not
 * answer before dying may be there too: only lost acknowledged writes are a failure.
 */

/** One kind of write. Add a stream to `writeStreams` to cover another form (a referral creation, say). */
export type WriteStream = {
  name: string;
  /**
   * Runs once on the fresh database before the first start (the test process owns it then), e.g.
   * to create and sign in the user a stream posts as; returns headers for every post (a Cookie).
   */
  setup?(db: Db): Promise<Record<string, string>>;
  /** What write number `i` of `run` is found by later (unique). */
  key(run: string, i: number): string;
  /** Posts that write; true when the server acknowledged it (a 2xx or 3xx answer). */
  send(base: string, key: string, i: number, headers: Record<string, string>): Promise<boolean>;
  /** Which of `keys` the database holds. */
  present(db: Db, keys: string[]): Promise<Set<string>>;
};

const comingSoon = HUBS.filter((h) => h.status === "coming-soon").map((h) => h.id);

const acknowledged = (status: number) => status >= 200 && status < 400;

export const writeStreams: WriteStream[] = [
  {
    name: "waitlist sign-ups",
    key: (run, i) => `durable-${run}-${i}@example.org`,
    async send(base, email, i, headers) {
      const response = await fetch(`${base}/hub/${comingSoon[i % comingSoon.length]}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "X-Forwarded-For": `10.77.${(i >> 8) & 255}.${i & 255}` },
        body: new URLSearchParams({
          userType: "professional",
          fullName: "Durable Tester",
          email,
          country: "Ghana",
          professionalTitle: "Nurse",
          specialty: "Oncology",
        }),
      });
      await response.arrayBuffer();
      return acknowledged(response.status);
    },
    async present(db, keys) {
      const rows = await db
        .select({ email: hubWaitlist.email })
        .from(hubWaitlist)
        .where(inArray(hubWaitlist.email, keys));
      return new Set(rows.flatMap((r) => (r.email ? [r.email] : [])));
    },
  },
  {
    name: "referral creations",
    async setup(db) {
      // The content seed (facilities) runs at the server's start; the doctor needs one now.
      await seedContent(db);
      const [facility] = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(eq(facilities.isActive, true))
        .limit(1);
      referralFacility = facility.id;
      // Hashing the password reads the configuration, which production mode wants complete.
      process.env.AUTH_SECRET ??= "durability-secret-durability-secret-0123";
      referralDoctor = await createAccount(db, { role: "doctor", approved: true });
      doctorCookies.clear();
      return {};
    },
    key: (run, i) => `Durable Patient ${run}-${i}`,
    async send(base, patientName, i, headers) {
      const response = await fetch(`${base}/referrals/create`, {
        method: "POST",
        redirect: "manual",
        headers: {
          ...headers,
          Cookie: await doctorCookie(base),
          "X-Forwarded-For": `10.78.${(i >> 8) & 255}.${i & 255}`,
        },
        body: referralForm(referralFacility, patientName),
      });
      await response.arrayBuffer();
      // A redirect to the new referral's page is the acknowledgement; a refusal (401, 403, 400) is not.
      return response.status === 302 && /^\/referrals\/REF-/.test(response.headers.get("location") ?? "");
    },
    async present(db, keys) {
      const rows = await db
        .select({ name: referrals.patientName })
        .from(referrals)
        .where(inArray(referrals.patientName, keys));
      return new Set(rows.map((r) => r.name));
    },
  },
];

let referralDoctor: TestAccount | undefined;
const doctorCookies = new Map<string, Promise<string>>();

/** The doctor's session, signed in once through the server's own form (it survives the restarts). */
function doctorCookie(base: string): Promise<string> {
  let cookie = doctorCookies.get("session");
  if (!cookie) {
    cookie = (async () => {
      if (!referralDoctor) throw new Error("the referral stream's setup did not run");
      const response = await fetch(`${base}/auth`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ intent: "signin", email: referralDoctor.email, password: referralDoctor.password }),
      });
      const line = response.headers.getSetCookie().find((c) => c.split(";")[0].includes("session_token="));
      if (!line) throw new Error(`the doctor could not sign in (${response.status})`);
      return line.split(";")[0];
    })();
    cookie.catch(() => doctorCookies.delete("session"));
    doctorCookies.set("session", cookie);
  }
  return cookie;
}

/** The facility the referral stream refers to (found by its setup). */
let referralFacility = "";

export type DurabilityReport = {
  database: "pglite" | "postgres";
  rounds: number;
  sent: number;
  acknowledged: number;
  /** Acknowledged writes the database does not hold: must be empty. */
  lost: string[];
  /** Writes committed without an answer before the kill (allowed). */
  unacknowledgedButStored: number;
  /** Time from the restart to the first healthy answer, per round (crash recovery). */
  restartMs: number[];
  /** Writes sent and acknowledged per stream (each kind of write must have been exercised). */
  streams: Record<string, { sent: number; acknowledged: number }>;
};

export type Target = {
  serverEnv: Record<string, string>;
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  drop(): Promise<void>;
};

/**
 * `retry`: the queues' timings for what the test queues itself, the server's own (its
 * JOB_HEARTBEAT_SECONDS, PAYOUT_RETRY_DELAY_SECONDS): a job keeps the heartbeat and retry delay
 * of the queue it was sent to, whatever server later takes it over.
 */
export async function pgliteTarget(retry?: RetrySettings): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "durability-"));
  const open = async () => {
    const handle = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    await migrateWithJobQueue(handle, retry);
    return handle;
  };
  return {
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open,
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function postgresTarget(retry?: RetrySettings): Promise<Target> {
  // No job workers in the test process: the server under test is the only one sending its messages.
  const handle = await createTestDb({ workers: false, retry });
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${handle.name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "durability-pg-"));
  return {
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    // The test's own connection pool; closing it is left to drop().
    open: async () => ({ db: handle.db, close: async () => {} }),
    drop: async () => {
      await handle.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Streams writes with `concurrency` in flight, kills the server with SIGKILL once `killAfter`
 * writes were acknowledged (plus a random moment), restarts it, `rounds` times; then checks.
 */
export async function runDurability(options: {
  database: "pglite" | "postgres";
  rounds: number;
  concurrency?: number;
  killAfter?: number;
  streams?: WriteStream[];
}): Promise<DurabilityReport> {
  const { database, rounds, concurrency = 8, killAfter = 40, streams = writeStreams } = options;
  const target = database === "pglite" ? await pgliteTarget() : await postgresTarget();
  const run = Date.now().toString(36);
  const sent = new Map<WriteStream, string[]>(streams.map((s) => [s, []]));
  const acked = new Map<WriteStream, string[]>(streams.map((s) => [s, []]));
  const headers = new Map<WriteStream, Record<string, string>>();
  const report: DurabilityReport = {
    database,
    rounds,
    sent: 0,
    acknowledged: 0,
    lost: [],
    unacknowledgedButStored: 0,
    restartMs: [],
    streams: {},
  };
  let server: ServerProcess | undefined;
  try {
    if (streams.some((s) => s.setup)) {
      const handle = await target.open();
      for (const stream of streams) headers.set(stream, (await stream.setup?.(handle.db)) ?? {});
      await handle.close();
    }
    let next = 0;
    for (let round = 0; round <= rounds; round++) {
      const port = await freePort();
      const started = performance.now();
      server = startServer({ PORT: String(port), LOG_LEVEL: "warn", TRUST_PROXY: "true", ...target.serverEnv });
      await waitHealthy(port, server);
      if (round > 0) report.restartMs.push(Math.round(performance.now() - started));
      if (round === rounds) break;

      // The stream: `concurrency` writers, each sending its next write as soon as the last is answered.
      const base = `http://127.0.0.1:${port}`;
      let killed = false;
      let ackedThisRound = 0;
      const writer = async () => {
        while (!killed) {
          const i = next++;
          const stream = streams[i % streams.length];
          const key = stream.key(run, i);
          sent.get(stream)!.push(key);
          try {
            // Any acknowledgement counts, even one read after the kill: the server sent it, so it had committed.
            if (await stream.send(base, key, i, headers.get(stream) ?? {})) {
              acked.get(stream)!.push(key);
              ackedThisRound += 1;
            }
          } catch {
            // Connection refused or reset: the server is gone. The write counts as unanswered.
          }
        }
      };
      const writers = Array.from({ length: concurrency }, writer);
      while (ackedThisRound < killAfter) {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
        await sleep(5);
      }
      await sleep(Math.floor(Math.random() * 200));
      server.child.kill("SIGKILL");
      killed = true;
      await server.exited;
      await Promise.all(writers);
    }

    // Stop the last server cleanly, then read the data (a PGlite directory has one owner at a time).
    server?.child.kill("SIGTERM");
    await server?.exited;
    const handle = await target.open();
    try {
      for (const stream of streams) {
        const keys = acked.get(stream)!;
        const found = await stream.present(handle.db, sent.get(stream)!);
        report.sent += sent.get(stream)!.length;
        report.acknowledged += keys.length;
        report.streams[stream.name] = { sent: sent.get(stream)!.length, acknowledged: keys.length };
        report.lost.push(...keys.filter((k) => !found.has(k)).map((k) => `${stream.name}: ${k}`));
        report.unacknowledgedButStored += found.size - keys.filter((k) => found.has(k)).length;
      }
    } finally {
      await handle.close();
    }
    return report;
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
    await target.drop();
  }
}
