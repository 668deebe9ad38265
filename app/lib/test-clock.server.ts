import { readFileSync } from "node:fs";

/**
 * The clock of the scheduled appointment work (decision 041): the real time, or, on a test server only,
 * the real time plus the milliseconds written in the file `E2E_CLOCK_FILE` names (the end-to-end
 * suite moves it a day ahead to see the 24-hour reminder go). Never set in production.
 */
export function scheduledNow(): Date {
  const file = process.env.E2E_CLOCK_FILE;
  if (!file) return new Date();
  let offset = 0;
  try {
    offset = Number(readFileSync(file, "utf8").trim()) || 0;
  } catch {
    offset = 0;
  }
  return new Date(Date.now() + offset);
}
