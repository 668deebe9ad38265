/**
 * Waits until `fn` gives a truthy value and returns it, asking again every 100 ms: how database
 * tests wait for work that the job queue does on its own time (no fixed sleeps). Fails with what
 * was being waited for after `timeoutMs`.
 */
export async function waitUntil<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  what = "the condition",
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
