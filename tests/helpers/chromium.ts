/** Debian's Chromium, launched by Playwright for the interaction bench and the e2e leg behind the TLS proxy. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium headless shell (the `chromium-headless-shell` package, the same Chromium
 * version built without the browser's window system), for the end-to-end tests: what Playwright
 * itself runs for a headless Chromium. Measured on 29 Nov 2026 on the 2-core machine (decision
 * 038): four specs, 113 tests, took 166 s of wall time against 255 s with the full browser, same
 * results. The leg behind the TLS proxy keeps the full browser (playwright.config.ts).
 */
export const CHROMIUM_HEADLESS_SHELL_PATH =
  process.env.CHROME_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/** Headless, and nothing that reaches outside the machine (no updates, sync or background fetches). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
