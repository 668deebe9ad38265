import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/accounts";
import { type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";
import { sessionSetCookie, signInByForm } from "./http-checks";

/*
 * GET /metrics through the production build: who may read it (an address in
 * METRICS_ALLOW, or METRICS_TOKEN), that anyone else meets the app's own 404 page, and that request
 * latency is labelled by React Router route id: no address with an id in it ever becomes a label.
 */
const TOKEN = "metrics-token-metrics-token-0123456789";
let app: BuiltApp;

beforeAll(async () => {
  app = await loadBuiltApp({ METRICS_TOKEN: TOKEN, METRICS_ALLOW: "127.0.0.0/8,::1,192.0.2.0/24" });
});

afterAll(async () => {
  await app?.close();
});

const scrape = (init: RequestInit & { ip?: string } = {}) => app.request("/metrics", init);

describe("GET /metrics", () => {
  it("answers an address in METRICS_ALLOW in the Prometheus text format", async () => {
    for (const ip of ["127.0.0.1", "192.0.2.55"]) {
      const response = await scrape({ ip });
      expect(response.status, ip).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain("# TYPE http_request_duration_seconds histogram");
      expect(text).toContain("# TYPE http_requests_in_flight gauge");
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
      // Read from the database at scrape time.
      expect(text).toMatch(/^qurhealth_job_queue_ready\{queue="send-message"\} \d+$/m);
      expect(text).toMatch(/^qurhealth_job_queue_oldest_ready_age_seconds\{queue="send-message"\} \d+$/m);
      expect(text).toMatch(/^qurhealth_referrals_waiting\{urgency="emergency"\} \d+$/m);
      expect(text).toMatch(/^qurhealth_emergencies_waiting_over_1h \d+$/m);
      expect(text).toMatch(/^qurhealth_payout_amount_pesewas\{state="pending"\} \d+$/m);
      expect(text).toMatch(/^qurhealth_ledger_imbalance_pesewas 0$/m);
      expect(text).toMatch(/^qurhealth_build_info\{version="[^"]+"\} 1$/m);
      expect(text).toMatch(/^qurhealth_database_figures_ok 1$/m);
    }
  });

  it("answers the bearer token from any address", async () => {
    const response = await scrape({ ip: uniqueIp(), headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("http_request_duration_seconds");
  });

  it("is the app's 404 page to anyone else or with a wrong token", async () => {
    const notFound = await (await app.request("/no-such-page", { ip: uniqueIp() })).text();
    const attempts: Array<RequestInit & { ip?: string }> = [
      { ip: uniqueIp() },
      { ip: "198.51.100.7", headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}` } },
      { ip: "198.51.100.7", headers: { Authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` } },
      { ip: "::ffff:10.1.2.3" },
    ];
    for (const init of attempts) {
      const response = await scrape(init);
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(body).not.toContain("http_request_duration_seconds");
      expect(body.replace(/nonce="[^"]+"/g, "").length).toBeGreaterThan(0);
      expect(response.headers.get("content-type")).toBe(
        (await app.request("/no-such-page", { ip: uniqueIp() })).headers.get("content-type"),
      );
    }
    expect(notFound).toContain("Page not found");
  });

  it("labels request latency by route id, method and status class: never by address", async () => {
    const ids = ["REF-2099-777001", "REF-2099-777002"];
    for (const id of ids) await app.request(`/referrals/${id}`, { ip: uniqueIp() });
    await app.request("/facility/a-clinic-that-does-not-exist-9931", { ip: uniqueIp() });
    await app.request("/hub/cervical-cancer.data", { ip: uniqueIp() });
    await app.request("/healthz", { ip: uniqueIp() });
    const text = await (await scrape({ ip: "127.0.0.1" })).text();
    const series = text.split("\n").filter((line) => line.startsWith("http_request_duration_seconds_count{"));
    const routes = new Set(series.map((line) => /route="([^"]*)"/.exec(line)?.[1]));
    expect(routes).toContain("routes/referrals/referral");
    expect(routes).toContain("routes/public/facility");
    expect(routes).toContain("routes/public/hub");
    expect(routes).toContain("routes/resources/healthz");
    // Every label value is a route id or one of the fixed words, never an address or an id.
    for (const route of routes) {
      expect(route).toMatch(/^(root|routes\/[a-z0-9/-]+|redirect-[a-z0-9-]+|static|refused|metrics)$/);
    }
    expect(text).not.toMatch(/REF-2099|a-clinic-that-does-not-exist|cervical-cancer/);
    expect(series.find((l) => l.includes('route="routes/resources/healthz"'))).toMatch(
      /method="GET".*status_class="2xx"|status_class="2xx".*method="GET"/,
    );
    const referral = series.find((l) => l.includes('route="routes/referrals/referral"'));
    expect(referral).toBeDefined();
    expect(Number(referral?.split(" ").at(-1))).toBeGreaterThanOrEqual(ids.length);
  });
});

describe("the counters, where it happens (issue 39)", () => {
  /** A sample's value in the exposition (0 when the series does not exist yet). */
  const value = (text: string, series: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const read = async () => (await scrape({ ip: "127.0.0.1" })).text();

  it("counts sign-in failures, a lockout after the fifth, and refused webhooks", async () => {
    const account = await createAccount(app.db, { approved: true });
    const before = await read();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      await app.request("/auth", {
        method: "POST",
        ip,
        body: new URLSearchParams({ intent: "signin", email: account.email, password: `${account.password}-wrong` }),
        headers: { "Sec-Fetch-Site": "same-origin", Origin: app.origin },
      });
    }
    const refused = await app.request("/webhooks/sms/arkesel/not-the-token", { method: "POST", ip: uniqueIp() });
    expect(refused.status).toBe(401);
    const after = await read();
    expect(value(after, "qurhealth_sign_in_failures_total") - value(before, "qurhealth_sign_in_failures_total")).toBe(
      5,
    );
    expect(value(after, "qurhealth_sign_in_lockouts_total") - value(before, "qurhealth_sign_in_lockouts_total")).toBe(
      1,
    );
    const arkesel = 'qurhealth_webhook_refusals_total{source="arkesel"}';
    expect(value(after, arkesel) - value(before, arkesel)).toBe(1);
  });
});

describe("/dashboard/system-admin/health", () => {
  it("shows a system administrator the network's health, server-rendered", async () => {
    const admin = await createAccount(app.db, { role: "system_admin", approved: true });
    const cookie = sessionSetCookie(await signInByForm(app, admin)).split(";")[0]!;
    const response = await app.request("/dashboard/system-admin/health", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const heading of [
      "System health",
      "Alerts",
      "Referrals waiting",
      "Job queues",
      "Messaging providers",
      "Payouts",
    ]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain("send-message");
    expect(html).toContain("Deliveries per hour (last 24 hours)");
    expect(html).toContain("The ledger balances.");
  });
});
