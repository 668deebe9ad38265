// The `interaction` part of `npm run bench`: how soon a click paints its result in the browser,
// under Chromium's 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), server time not counted.
//   tab     the system administrator's dashboard: a click on a tab (role=tab) until the frame that
//           shows it selected (aria-selected="true" or data-state="active"), which navigation state
//           gives at once, before the data request answers;
//   accept  the facility administrator's dashboard: a click on a pending referral's Accept button
//           until the frame that shows the busy label or the optimistic status (the button's or its
//           row's text changes, the button goes busy, or the row leaves the list).
// The time is taken in the page: from the pointerdown event's timestamp to the end of the first
// frame after the change (a MutationObserver sees the change, requestAnimationFrame waits for the
// frame, a message posted from it runs after that frame is painted). Each interaction is repeated
// (BENCH_INTERACTION_REPS, 10, after one warm-up), waiting between repetitions until the router and
// its fetchers are idle. The client-navigation data requests seen are recorded (their address form).
// On PGlite with bench/databases.ts's data (HTTP_DATA, plus seedBenchUsers' facility administrator,
// doctor and pending referrals), Chromium at CHROME_PATH (default /usr/bin/chromium).
import { type Browser, type BrowserContext, chromium, type ElementHandle, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";
import { type Account, HTTP_DATA, prepareDatabase, signIn, startApp } from "./databases.ts";

export type InteractionResult = {
  id: "tab" | "accept";
  description: string;
  page: string;
  signedInAs: Account;
  /** Milliseconds from the click to the painted result, one per repetition (the warm-up left out). */
  samplesMs: number[];
  medianMs: number | null;
  maxMs: number | null;
  /** Requests for React Router's data (`*.data`) made during the repetitions: method and address. */
  dataRequests: string[];
  /** Why it could not be measured (then samplesMs is empty). */
  error?: string;
};

export type InteractionReport = {
  measuredAt: string;
  cpuThrottlingRate: number;
  repetitions: number;
  data: typeof HTTP_DATA;
  results: InteractionResult[];
};

const THROTTLING = 4;
const WAIT_MS = 10_000;

/**
 * In every page (a string: code that tsx compiled would call its own helpers in the page):
 * `__bench.down`, the time of the last pointerdown (the click's input event), and
 * `__bench.arm(kind, name, button)`, which sets `__bench.result` to a promise of the time from that
 * pointerdown to the end of the first frame painted after the change (`changed()` below) appears.
 */
export const INIT_SCRIPT = `(() => {
  const bench = { down: 0, marker: 0, result: null };
  window.__bench = bench;
  addEventListener("pointerdown", (event) => { bench.down = event.timeStamp; }, { capture: true });
  bench.arm = (kind, name, button) => {
    bench.marker = 1;
    let changed;
    if (kind === "tab") {
      const re = new RegExp(name, "i");
      changed = () => [...document.querySelectorAll('[role="tab"]')].some((el) =>
        re.test(el.getAttribute("aria-label") ?? el.textContent ?? "") &&
        (el.getAttribute("aria-selected") === "true" || el.getAttribute("data-state") === "active"));
    } else {
      const row = button.closest('tr, [role="row"], li, article') ?? button.parentElement ?? button;
      const label = button.textContent;
      const rowText = row.textContent;
      changed = () => !button.isConnected || !row.isConnected || button.textContent !== label ||
        row.textContent !== rowText || button.getAttribute("aria-busy") === "true" ||
        button.getAttribute("aria-disabled") === "true";
    }
    if (changed()) throw new Error("the page already shows the result before the click");
    bench.result = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!changed()) return;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ ms: performance.now() - bench.down });
          channel.port2.postMessage(0);
        });
      });
      const timer = setTimeout(() => { observer.disconnect(); resolve({ timeout: true }); }, ${WAIT_MS});
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  };
})();`;

type Painted = { ms: number } | { timeout: true };
type InPage = {
  __bench: { arm(kind: string, name: string, button: Node | null): void; result: Promise<Painted> | null };
};

/** Arms the page for the next click; `spec` says what change to wait for. */
export function arm(
  page: Page,
  spec: { kind: "tab"; name: string } | { kind: "accept"; button: ElementHandle<Node> },
): Promise<void> {
  return page.evaluate(([kind, name, button]) => (window as unknown as InPage).__bench.arm(kind, name, button), [
    spec.kind,
    spec.kind === "tab" ? spec.name : "",
    spec.kind === "accept" ? spec.button : null,
  ] as const);
}

/** What the armed page measured; an error when the click loaded another document instead. */
export async function painted(page: Page): Promise<number> {
  let result: Painted | undefined;
  try {
    result = await page.evaluate(() => (window as unknown as { __bench: { result: Promise<Painted> } }).__bench.result);
  } catch (error) {
    throw new Error(`the click loaded a new document instead of navigating on the client (${String(error)})`);
  }
  // A new document has a fresh __bench without a result.
  if (!result) throw new Error("the click loaded a new document instead of navigating on the client");
  if ("timeout" in result) throw new Error("no change painted within 10 s of the click");
  return result.ms;
}

/** Waits until the router, its revalidation and every fetcher are idle (the server answered). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      type State = {
        navigation: { state: string };
        revalidation: string;
        fetchers: Map<string, { state: string }>;
      };
      const router = (window as unknown as { __reactRouterDataRouter?: { state: State } }).__reactRouterDataRouter;
      if (!router) return true;
      const { state } = router;
      return (
        state.navigation.state === "idle" &&
        state.revalidation === "idle" &&
        [...state.fetchers.values()].every((f) => f.state === "idle")
      );
    },
    undefined,
    { timeout: WAIT_MS },
  );
  await page.waitForTimeout(150);
}

async function openPage(
  browser: Browser,
  base: string,
  account: Account,
  pagePath: string,
): Promise<{ context: BrowserContext; page: Page; dataRequests: Set<string> }> {
  const cookie = await signIn(base, account);
  const separator = cookie.indexOf("=");
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: cookie.slice(0, separator), value: cookie.slice(separator + 1), url: base }]);
  await context.addInitScript(INIT_SCRIPT);
  const page = await context.newPage();
  const dataRequests = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data")) dataRequests.add(`${request.method()} ${url.pathname}${url.search}`);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLING });
  const response = await page.goto(`${base}${pagePath}`);
  if (response?.status() !== 200) throw new Error(`${pagePath} answered ${response?.status()}`);
  await page.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
  dataRequests.clear();
  return { context, page, dataRequests };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

async function measure(
  browser: Browser,
  base: string,
  result: InteractionResult,
  repetitions: number,
  step: (page: Page, index: number) => Promise<number>,
  log: (line: string) => void,
): Promise<void> {
  let opened: Awaited<ReturnType<typeof openPage>> | undefined;
  try {
    opened = await openPage(browser, base, result.signedInAs, result.page);
    for (let i = 0; i <= repetitions; i++) {
      const ms = await step(opened.page, i);
      if (i > 0) result.samplesMs.push(Math.round(ms));
      await settled(opened.page);
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    result.dataRequests = [...(opened?.dataRequests ?? [])];
    await opened?.context.close();
  }
  result.medianMs = median(result.samplesMs);
  result.maxMs = result.samplesMs.length ? Math.max(...result.samplesMs) : null;
  log(
    result.error
      ? `  ${result.id}: not measured: ${result.error}${result.samplesMs.length ? ` (after ${result.samplesMs.length} samples)` : ""}`
      : `  ${result.id}: median ${result.medianMs} ms, max ${result.maxMs} ms (${result.samplesMs.join(", ")}); data requests: ${result.dataRequests.join(", ") || "none"}`,
  );
}

/** The system administrator's tabs, visited in turn (the first one is where the page opens). */
const TABS = ["referral", "user", "payment", "waitlist"];

async function tabStep(page: Page, index: number): Promise<number> {
  const name = TABS[(index + 1) % TABS.length];
  const tab = page.getByRole("tab", { name: new RegExp(name, "i") }).first();
  if ((await tab.count()) === 0) throw new Error(`no tab (role=tab) named like "${name}" on the page`);
  await arm(page, { kind: "tab", name });
  await tab.click({ timeout: WAIT_MS });
  return painted(page);
}

async function acceptStep(page: Page): Promise<number> {
  const accept = page.getByRole("button", { name: /^accept\b/i }).first();
  await accept.waitFor({ state: "visible", timeout: WAIT_MS }).catch(() => {
    throw new Error('no button named "Accept" on the page');
  });
  const button = await accept.elementHandle();
  if (!button) throw new Error('no button named "Accept" on the page');
  await arm(page, { kind: "accept", button });
  await accept.click({ timeout: WAIT_MS });
  return painted(page);
}

export async function interactionBench(options: {
  repetitions: number;
  log: (line: string) => void;
}): Promise<InteractionReport> {
  const { repetitions, log } = options;
  log(`  seeding PGlite: ${HTTP_DATA.referrals} referrals, ${HTTP_DATA.users} users, and the bench's signed-in users`);
  const database = await prepareDatabase("pglite", HTTP_DATA);
  const app = await startApp(database);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const results: InteractionResult[] = [];
  try {
    const tab: InteractionResult = {
      id: "tab",
      description: "System administrator: a tab change, until the tab shows selected",
      page: "/dashboard/system-admin",
      signedInAs: "systemAdmin",
      samplesMs: [],
      medianMs: null,
      maxMs: null,
      dataRequests: [],
    };
    await measure(browser, app.base, tab, repetitions, tabStep, log);
    results.push(tab);
    const accept: InteractionResult = {
      id: "accept",
      description: "Facility administrator: Accept on a pending referral, until the busy label or optimistic status",
      page: "/dashboard/facility-admin",
      signedInAs: "facilityAdmin",
      samplesMs: [],
      medianMs: null,
      maxMs: null,
      dataRequests: [],
    };
    await measure(browser, app.base, accept, repetitions, acceptStep, log);
    results.push(accept);
  } finally {
    await browser.close();
    await app.stop();
    await database.drop();
  }
  return {
    measuredAt: new Date().toISOString(),
    cpuThrottlingRate: THROTTLING,
    repetitions,
    data: HTTP_DATA,
    results,
  };
}
