import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/accounts";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { createTestDb, type TestDatabase } from "../helpers/test-db";

/*
 * Several app servers on one PostgreSQL database, as behind a load balancer (docs/deployment.md, "Operating in
 * production"): they start at the same moment and exactly one applies the migrations; a session
 * made on one server is good on another; a per-IP limit counts across servers; a page a server
 * keeps from the facilities is dropped when a facility changes, whichever server or client wrote it.
 * The first server runs as two processes sharing its port (WEB_CONCURRENCY=2), so four processes
 * start together, and SIGTERM stops both of its processes.
 */
const SERVERS = 3;

describe.skipIf(!process.env.TEST_DATABASE_URL)("several app servers on one PostgreSQL database", () => {
  let h: TestDatabase;
  const servers: Array<{ process: ServerProcess; base: string }> = [];

  beforeAll(async () => {
    // createAccount reads the configuration (which requires a secret in production); it only hashes here.
    process.env.AUTH_SECRET ??= "x".repeat(40);
    // An empty database: the servers migrate it themselves.
    h = await createTestDb({ migrate: false });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${h.name}`;
    for (let i = 0; i < SERVERS; i++) {
      const port = await freePort();
      const serverProcess = startServer({
        PORT: String(port),
        LOG_LEVEL: "warn",
        TRUST_PROXY: "true",
        DATABASE_URL: url.toString(),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "scale-out-")),
        WEB_CONCURRENCY: i === 0 ? "2" : "1",
      });
      servers.push({ process: serverProcess, base: `http://127.0.0.1:${port}` });
    }
    await Promise.all(servers.map((s) => waitHealthy(Number(new URL(s.base).port), s.process)));
  });

  afterAll(async () => {
    for (const s of servers) s.process.child.kill("SIGTERM");
    await Promise.all(servers.map((s) => s.process.exited));
    await h?.drop();
  });

  it("start together; each migration is applied once", async () => {
    const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const applied = await h.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied.rows[0].n).toBe(journal.entries.length);
  });

  it("accept on one server the session cookie another server set", async () => {
    const account = await createAccount(h.db, { approved: true });
    const signIn = await fetch(`${servers[0].base}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "10.88.0.1" },
      body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie()[0].split(";")[0];
    for (const s of servers.slice(1)) {
      const dashboard = await fetch(`${s.base}/dashboard/doctor`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(dashboard.status).toBe(200);
    }
  });

  it("count a per-IP limit across servers", async () => {
    // 10 sign-ups a minute per address (waitlist.server.ts). One shared count refuses one within 21
    // posts even across a window boundary; a count per server would let 30 through.
    const statuses: number[] = [];
    for (let i = 0; i < 21 && !statuses.includes(429); i++) {
      const response = await fetch(`${servers[i % SERVERS].base}/hub/cervical-cancer`, {
        method: "POST",
        headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": "10.88.0.2" },
        body: new URLSearchParams({
          userType: "professional",
          fullName: "Ama Mensah",
          email: `scale-${i}@example.org`,
          professionalTitle: "Consultant Gynaecologist",
          specialty: "Colposcopy",
          country: "Ghana",
        }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
  });

  it("show a facility change on every server's next answer, though each keeps the directory", async () => {
    const directory = async (base: string) => (await fetch(`${base}/facilities?view=list`)).text();
    const [first] = await h.db
      .execute<{ id: string; slug: string }>(
        sql`select id, slug from facilities where is_active order by lower(name) limit 1`,
      )
      .then((r) => r.rows);
    const link = `href="/facility/${first.slug}"`;
    // Three answers each: the first teaches a server that the page is versioned, the second is kept.
    for (const s of servers) for (let i = 0; i < 3; i++) expect(await directory(s.base)).toContain(link);
    // A write from outside any server (an operator's SQL) reaches all of them through the version.
    await h.db.execute(sql`update facilities set is_active = false where id = ${first.id}`);
    for (const s of servers) expect(await directory(s.base)).not.toContain(link);
    await h.db.execute(sql`update facilities set is_active = true where id = ${first.id}`);
    for (const s of servers) expect(await directory(s.base)).toContain(link);
  });
});
