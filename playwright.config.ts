import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_HEADLESS_SHELL_PATH, CHROMIUM_PATH } from "./tests/helpers/chromium";

/**
 * End-to-end tests drive Debian's Chromium (no browser download) against the built production
 * server, on a fresh PGlite data directory, with mail caught by a real SMTP server.
 * E2E_PORT / E2E_SMTP_PORT let several runs share a machine; BUILD_DIR picks the build.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2599);
const workDir = path.resolve(`test-results/e2e-${port}`);
process.env.E2E_MAIL_DIR ??= path.join(workDir, "mail");
// The scheduled appointment work's clock (decision 041): appointments.spec.ts writes an offset here to move it.
process.env.E2E_CLOCK_FILE ??= path.join(workDir, "clock-offset");
process.env.E2E_SMTP_PORT ??= String(smtpPort);
// The bearer token that shows /healthz's details to an operator (decision 036; tests/e2e/foundation.spec.ts).
process.env.E2E_HEALTHZ_TOKEN ??= "e2e-healthz-token-0123456789abcdef";
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The specs that change the directory and the hubs for everyone (decision 021), and trust.spec.ts,
 * which rates a facility and verifies its licence, and waitlist-sms.spec.ts, which
 * launches a hub (decision 029).
 */
const NETWORK_ADMIN_SPECS =
  /(facilities|hubs)-admin\.spec\.ts|trust\.spec\.ts|waitlist-sms\.spec\.ts|facility-unreachable\.spec\.ts/;
/**
 * The product as it is deployed: a second production server with TRUST_PROXY and an
 * https APP_URL, reached only through nginx ending TLS with a certificate made at test time.
 */
const TLS_SPECS = /behind-tls-proxy\.spec\.ts/;
const tlsPort = Number(process.env.E2E_TLS_PORT ?? port + 270);
const tlsAppPort = Number(process.env.E2E_TLS_APP_PORT ?? port + 2);
const tlsURL = `https://localhost:${tlsPort}`;

/**
 * E2E_POSTGRES=1 with TEST_DATABASE_URL (decision 038): the main server runs on PostgreSQL, on a database
 * of its own made afresh for the run (`e2e_<port>` on that server), with E2E_WEB_CONCURRENCY
 * processes (default 2), as deployed on more than one core. Otherwise a fresh PGlite directory.
 */
const postgresURL = process.env.E2E_POSTGRES === "1" ? process.env.TEST_DATABASE_URL : undefined;
const e2eDatabase = `e2e_${port}`;
const freshDatabase = postgresURL
  ? `psql "${postgresURL}" -qc 'DROP DATABASE IF EXISTS ${e2eDatabase} WITH (FORCE)' -c 'CREATE DATABASE ${e2eDatabase}'`
  : `rm -rf "${workDir}/data"`;
const databaseEnv: Record<string, string> = postgresURL
  ? {
      DATABASE_URL: Object.assign(new URL(postgresURL), { pathname: `/${e2eDatabase}` }).href,
      WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "2",
    }
  : {};

/** What both production servers share: mail to the catcher, the bootstrap administrator, the build. */
const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Qurhealth Test <no-reply@example.test>",
  CONTACT_INBOX: "team@example.test",
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
  LOG_LEVEL: "warn",
  BUILD_DIR: process.env.BUILD_DIR ?? "build",
  // The e2e suite signs in and posts many times from one address.
  E2E_RELAXED_RATE_LIMITS: "1",
  // Mail the tests wait for is not held until 07:00 when the suite runs at night (decision 025).
  DEFAULT_QUIET_HOURS: "off",
  // No 24-hour hold after a change of payout details, so that payouts.spec.ts can prepare a run.
  PAYOUT_HOLD_HOURS: "0",
  // The appointment sweep's clock runs this file's milliseconds ahead (tests/e2e/appointments.spec.ts).
  E2E_CLOCK_FILE: process.env.E2E_CLOCK_FILE,
  HEALTHZ_TOKEN: process.env.E2E_HEALTHZ_TOKEN,
  // An approved system administrator, ensured before the first sign-in (tests/e2e/accounts.spec.ts).
  BOOTSTRAP_ADMIN_EMAIL: "admin@example.test",
  BOOTSTRAP_ADMIN_PASSWORD: "Admin-Passw0rd!",
  BOOTSTRAP_ADMIN_NAME: "Ada Admin",
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: path.join(workDir, "artifacts"),
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    // No trace by default (the suite's time budget): recording one for every test, to keep it only on a failure,
    // cost Chromium and the runner about a quarter of their CPU time. A failure still leaves
    // Playwright's error context (the page's accessibility tree) and a screenshot; E2E_TRACE=retain-on-failure
    // records traces again for a run being debugged.
    trace: (process.env.E2E_TRACE ?? "off") as "off" | "on" | "retain-on-failure" | "on-first-retry",
    screenshot: "only-on-failure",
    // Chromium's headless shell (tests/helpers/chromium.ts: a third less time than the full browser).
    launchOptions: {
      executablePath: CHROMIUM_HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [NETWORK_ADMIN_SPECS, TLS_SPECS],
    },
    {
      name: "behind a TLS proxy",
      // The certificate is self-signed, made by the proxy's start script: the connection is real TLS.
      // This leg runs the full browser, as people have it; the others its headless shell.
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: tlsURL,
        ignoreHTTPSErrors: true,
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
      testMatch: TLS_SPECS,
    },
    // These change what every visitor sees (they add, deactivate and launch), so they run after
    // the rest, whose expectations are the seed's 8 facilities and 2 live hubs.
    {
      name: "network admin",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: NETWORK_ADMIN_SPECS,
      dependencies: ["chromium"],
    },
  ],
  webServer: [
    {
      command: `${freshDatabase} && node server/main.mjs`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      // A first start creates the embedded database; on a loaded 2-core machine that has taken over a minute.
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, ...databaseEnv, PORT: String(port), APP_URL: baseURL, DATA_DIR: path.join(workDir, "data") },
    },
    {
      command: `rm -rf "${workDir}/data-tls" && node server/main.mjs`,
      url: `http://127.0.0.1:${tlsAppPort}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...serverEnv,
        PORT: String(tlsAppPort),
        APP_URL: tlsURL,
        TRUST_PROXY: "true",
        DATA_DIR: path.join(workDir, "data-tls"),
      },
    },
    {
      command: `bash tests/e2e/support/tls-proxy.sh ${tlsPort} ${tlsAppPort} "${workDir}/tls-proxy"`,
      url: `${tlsURL}/healthz`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
