import { data } from "react-router";
import { type $ZodType, type output, safeParse } from "zod/v4/core";

/**
 * Expected refusals (400, 401, 403, 404, 409...) are thrown by domain functions as React Router
 * `data(...)` with that status, and only thrown (one way to say no, decision 007): a loader lets them
 * reach the error boundary; an action turns them into its answer (`formAction` in
 * form-action.server.ts). Anything else is a real error and is left to propagate.
 */
export type Refusal = { status: number; message: string; fieldErrors?: Partial<Record<string, string>> };

/**
 * Refuses the request: `refuse(409, "Already accepted")`, or for values the rules refuse,
 * `refuse(400, "Please check the form", { name: "A facility with this name is already listed" })`.
 */
export function refuse(status: number, message: string, fieldErrors?: Partial<Record<string, string>>): never {
  throw refusalError(status, message, fieldErrors);
}

/**
 * What `refuse` throws, as a value, for what is failed with it rather than thrown at once: a
 * stream refusing a file as its bytes arrive (`stream.destroy(refusalError(413, ...))`), read back
 * by `refusalOf` wherever it surfaces.
 */
export function refusalError(status: number, message: string, fieldErrors?: Partial<Record<string, string>>): Error {
  return data(fieldErrors ? { message, fieldErrors } : message, { status }) as unknown as Error;
}

export function refusalOf(error: unknown): Refusal | null {
  if (typeof error !== "object" || error === null) return null;
  const candidate = error as { type?: unknown; data?: unknown; init?: { status?: unknown } | null };
  if (candidate.type !== "DataWithResponseInit") return null;
  const status = candidate.init?.status;
  // 4xx, and 503 (a service we depend on cannot take it now: try again later) are expected answers.
  if (typeof status !== "number" || status < 400 || (status >= 500 && status !== 503)) return null;
  if (typeof candidate.data === "string") return { status, message: candidate.data };
  const body = candidate.data as { message?: unknown; fieldErrors?: unknown } | null;
  if (body && typeof body.message === "string") {
    const fieldErrors =
      body.fieldErrors && typeof body.fieldErrors === "object"
        ? (body.fieldErrors as Partial<Record<string, string>>)
        : undefined;
    return { status, message: body.message, ...(fieldErrors ? { fieldErrors } : {}) };
  }
  return { status, message: "Request refused" };
}

/**
 * The values a domain function was given, checked with the form's schema: the parsed values, or a
 * thrown 400 with each field's first message (`message` makes the refusal's own text from them;
 * by default the first). The one place the rules' "first message per field" is made.
 */
export function parseOrRefuse<S extends $ZodType>(
  schema: S,
  input: unknown,
  message: (fieldErrors: Partial<Record<string, string>>) => string = (errors) =>
    Object.values(errors)[0] ?? "Please check the form",
): output<S> {
  const parsed = safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "")] ??= issue.message;
  return refuse(400, message(fieldErrors), fieldErrors);
}
