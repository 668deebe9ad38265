import { mkdtempSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServer, waitHealthy } from "../helpers/server-process";
import { createTestDb, type TestDatabase } from "../helpers/test-db";

/*
 * /metrics of a server running as two processes (WEB_CONCURRENCY=2): whichever process
 * takes the scrape, it answers the whole server's figures, added up by the primary (prom-client's
 * AggregatorRegistry), not its own share. Each request goes on its own connection, so node:cluster
 * spreads them over both processes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("/metrics across two server processes", () => {
  let h: TestDatabase;
  let server: ServerProcess;
  let port: number;

  beforeAll(async () => {
    h = await createTestDb({ migrate: false });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${h.name}`;
    port = await freePort();
    server = startServer({
      PORT: String(port),
      // The request log names the process that answered each request (pino's pid).
      LOG_LEVEL: "info",
      DATABASE_URL: url.toString(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "metrics-cluster-")),
      WEB_CONCURRENCY: "2",
    });
    await waitHealthy(port, server);
    // The first process to listen answers /healthz; wait for the second too.
    const deadline = Date.now() + 120_000;
    while ((server.output().match(/"msg":"listening"/g) ?? []).length < 2) {
      if (Date.now() > deadline) throw new Error(`the second process did not start:\n${server.output().slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    await h?.drop();
  });

  /** One GET on a connection of its own (no keep-alive: the next may land on the other process). */
  function get(pathname: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, path: pathname, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
    });
  }

  const robotsCount = (text: string) =>
    Number(
      text
        .split("\n")
        .find(
          (line) =>
            line.startsWith("http_request_duration_seconds_count{") && line.includes('route="routes/resources/robots"'),
        )
        ?.split(" ")
        .at(-1) ?? Number.NaN,
    );

  it("adds up every process's requests, whichever process is scraped", async () => {
    const sent = 24;
    for (let i = 0; i < sent; i++) expect((await get("/robots.txt")).status).toBe(200);
    // Both processes answered some of them (else the sum proves nothing).
    const answeredBy = new Set(
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"path":"/robots.txt"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
    expect(answeredBy.size).toBe(2);
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const scrape = await get("/metrics");
      expect(scrape.status).toBe(200);
      expect(scrape.body).toMatch(/^qurhealth_job_queue_ready\{queue="send-message"\} \d+$/m);
      // The database's figures are read once, not once per process.
      expect(scrape.body.match(/^# TYPE qurhealth_job_queue_ready gauge$/gm)).toHaveLength(1);
      expect(scrape.body).toMatch(/^qurhealth_db_pool_connections\{state="idle"\} \d+$/m);
      counts.push(robotsCount(scrape.body));
    }
    // Each process answered about half: a process's own share would be well under `sent`.
    expect(counts).toEqual([sent, sent, sent, sent]);
  });
});
