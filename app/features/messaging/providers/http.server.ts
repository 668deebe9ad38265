import { failure, type SendOptions, type SendResult } from "./types.ts";

export const DEFAULT_TIMEOUT_MS = 15_000;

export type ProviderAnswer = { status: number; headers: Headers; text: string; json: unknown };

/**
 * One HTTP request to a provider with a timeout (AbortSignal.timeout, combined with the caller's
 * signal). A timeout or a connection failure becomes a retryable failure: the provider may or may
 * not have accepted the message, and the queue decides what to do with that (at least once).
 */
export async function callProvider(
  url: string,
  init: RequestInit,
  options: SendOptions = {},
): Promise<ProviderAnswer | Extract<SendResult, { ok: false }>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetch(url, { ...init, signal, redirect: "error" });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, headers: response.headers, text, json };
  } catch (error) {
    if (timeout.aborted) return failure("timeout", `no answer within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`);
    if (options.signal?.aborted) return failure("network", "the request was cancelled");
    return failure("network", `the provider could not be reached (${describeError(error)})`);
  }
}

export function isFailure(value: ProviderAnswer | SendResult): value is Extract<SendResult, { ok: false }> {
  return "ok" in value && value.ok === false;
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
  if (cause) return cause;
  return error instanceof Error ? error.message : String(error);
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds, when present and sane. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 3600) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, Math.min(date - now, 3_600_000)) : undefined;
}

/** The classification every adapter falls back on for an HTTP status it has no better reading of. */
export function failureForStatus(answer: ProviderAnswer, detail: string): Extract<SendResult, { ok: false }> {
  const { status } = answer;
  if (status === 401 || status === 403) return failure("auth", `HTTP ${status}: ${detail}`);
  if (status === 402) return failure("no_credit", `HTTP ${status}: ${detail}`);
  if (status === 429)
    return failure("rate_limited", `HTTP ${status}: ${detail}`, { retryAfterMs: retryAfterMs(answer.headers) });
  if (status >= 500) return failure("server_error", `HTTP ${status}: ${detail}`);
  return failure("rejected", `HTTP ${status}: ${detail}`);
}

/** A short, log-safe excerpt of a provider's answer. */
export function excerpt(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 200);
}
