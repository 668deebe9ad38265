/**
 * Expected refusals (401, 403, 404, 409...) are thrown by domain functions as React Router
 * `data(message, { status })`: a loader lets them reach the error boundary; an action turns them
 * into a toast with `refusalOf`. Anything else is a real error and is left to propagate.
 */
export type Refusal = { status: number; message: string };

export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as { type?: unknown; data?: unknown; init?: { status?: unknown } | null };
  if (candidate.type !== "DataWithResponseInit") return null;
  const status = candidate.init?.status;
  if (typeof status !== "number" || status < 400 || status >= 500) return null;
  return { status, message: typeof candidate.data === "string" ? candidate.data : "Request refused" };
}
