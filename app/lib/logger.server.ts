import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info");

/** Drizzle writes a failed query's parameters into its message: "...\nparams: ama@example.org,...". */
const PARAMS = /\nparams: [\s\S]*?(?=: |\n {4}at |$)/g;

/**
 * An error as the log keeps it: pino's standard fields, without the parameter values of a
 * database query (names, emails, phone numbers, tokens) wherever the driver put them, in the
 * error or in its cause.
 */
export function logError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown> | undefined;
  // A database error's SQLSTATE (on the cause, where Drizzle keeps the driver's error) says what happened.
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return scrub(serialized && typeof code === "string" ? { ...serialized, causeCode: code } : serialized, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (!value || typeof value !== "object" || depth > 4) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "params" || key === "parameters") continue;
    if (typeof field === "string" && (key === "message" || key === "stack")) out[key] = field.replace(PARAMS, "");
    else out[key] = scrub(field, depth + 1);
  }
  return out;
}

/**
 * One JSON logger for the process (pretty-printed by `npm run dev`). Each line names its process
 * (pid): with WEB_CONCURRENCY > 1 several write to the same log.
 */
export const logger = pino({
  level,
  base: { service: "web", pid: process.pid },
  serializers: { err: logError },
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.password"], remove: true },
});
