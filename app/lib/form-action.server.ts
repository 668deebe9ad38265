import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { type FormAnswer, fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import type { ToastMessage } from "~/components/ui/toaster";
import { intentRepeated } from "./form-fields";
import { type Refusal, refusalOf, refuse } from "./refusal";

/*
 * The one path of a form's action: read the post, check it with the form's zod schema,
 * call one domain function, and answer with Conform's reply and the spec's toast. Every way a post
 * can fail ends in the same answer shape, with the right status:
 * - the schema refuses a field: 400, the field's messages, the failure toast with the first one;
 * - the domain function refuses (it throws `refuse(...)`, or a React Router `data(message, { status })`):
 *   that status, the message on the form (or on its fields), the failure toast with the message;
 * - the post was refused while it was read (`readRefusal`: a file refused on its way in), before
 *   its values could be checked: answered as the domain function's refusal, first;
 * - anything else is a real error and propagates (logged, the 500 screen).
 * A post read as it arrives may have kept something before it was checked (files streamed to the
 * store, docs/decisions/030): `discard` undoes it whenever the post does not succeed.
 */

/** A success's answer: its toast, whether the form is cleared, the page's own fields, and the headers it sets (cookies). */
type Done<E> = { toast?: ToastMessage; resetForm?: boolean; headers?: HeadersInit } & Partial<E>;

export type FormActionOptions<S extends $ZodType, T, E extends object> = {
  /** The form's schema, the one its page validates with in the browser. */
  schema: S;
  /** The domain call, given the schema's output. It throws a refusal to say no. */
  run: (value: output<S>) => Promise<T>;
  /** The answer to a success: a toast (and what else the page reads), or a Response such as a redirect. */
  done: (value: T) => Done<E> | Response | Promise<Done<E> | Response>;
  /**
   * The spec's toast for a refused post, given the message (the first field message for a schema
   * refusal), every field's first message (or the message alone, for a refusal without fields) and
   * the answer's status (400 for the schema; the refusal's own, e.g. 429 for a rate limit), and the
   * domain function's refusal (null when the schema refused the form).
   */
  refused: (message: string, messages: string[], status: number, refusal: Refusal | null) => ToastMessage | null;
  /**
   * The page's own fields of a refused answer, given the domain function's refusal (null when the
   * schema refused the form): e.g. the reset page's `status`, "invalid" for a dead link (its own
   * screen, no toast) and "failed" for a refused password.
   */
  refusedFields?: (refusal: Refusal | null) => Partial<E>;
  /**
   * A refusal met while the post was read, before its values could be checked (who may send it,
   * their allowance, a file refused on its way in, a body past the limits): answered as a domain
   * function's refusal, with the values that did arrive, before the schema reads them (they may be
   * cut short) and without calling `run`.
   */
  readRefusal?: Refusal | null;
  /**
   * Undoes what reading the post kept before it was checked (e.g. files streamed to the store) when
   * the post does not succeed: refused (while read, by the schema or by the domain function) or
   * failed. Never after `run` succeeded: what it kept then belongs to what was created.
   */
  discard?: () => Promise<void>;
  /** Fields no answer sends back (passwords, a link's tokens). */
  hideFields?: string[];
  /** Fields every answer carries (e.g. which row's form it was: `{ intent, subject }`). */
  extra?: E;
};

/** A form action's answer: Conform's result, the toast, and `ok` (false for any refusal). */
export type ActionAnswer<E extends object = object> = FormAnswer<E & { ok: boolean }>;

/**
 * Reads a post's form. A body that is not a form (wrong content type, garbage) is an empty form: a
 * 400, never a 500. A form naming its intent twice is refused here, the one place (400).
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await request.formData().catch(() => new FormData());
  if (intentRepeated(form)) refuse(400, "Unknown action");
  return form;
}

export async function formAction<S extends $ZodType, T, E extends object = object>(
  form: FormData,
  options: FormActionOptions<S, T, E>,
) {
  const extra = (options.extra ?? {}) as E;
  const hideFields = options.hideFields;
  const submission = parseSubmission(form, options.schema);
  if (options.readRefusal) {
    await options.discard?.();
    return refusalAnswer(submission, options.readRefusal, options);
  }
  if (submission.status !== "success") {
    await options.discard?.();
    const messages = Object.values(submission.error ?? {}).flatMap((field) => field?.slice(0, 1) ?? []);
    const first = messages[0] ?? "Please check the form.";
    return refusedAnswer(
      submission.reply({ hideFields }),
      options.refused(first, messages.length ? messages : [first], 400, null),
      { ...extra, ...options.refusedFields?.(null) },
      400,
    );
  }
  let value: T;
  try {
    value = await options.run(submission.value as output<S>);
  } catch (caught) {
    await options.discard?.();
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    return refusalAnswer(submission, refusal, options);
  }
  const done = await options.done(value);
  if (done instanceof Response) return done;
  const { toast, resetForm = true, headers, ...rest } = done;
  return data(
    { ...extra, ...rest, ok: true, result: submission.reply({ resetForm }), toast } as ActionAnswer<E>,
    headers ? { headers } : undefined,
  );
}

/** The answer to a refusal (the domain function's, or one met while the post was read). */
function refusalAnswer<S extends $ZodType, T, E extends object>(
  submission: ReturnType<typeof parseSubmission<S>>,
  refusal: Refusal,
  options: FormActionOptions<S, T, E>,
) {
  const hideFields = options.hideFields;
  const reply = refusal.fieldErrors
    ? submission.reply({ fieldErrors: fieldErrorsOf(refusal.fieldErrors), hideFields })
    : submission.reply({ formErrors: [refusal.message], hideFields });
  const messages = refusal.fieldErrors ? Object.values(refusal.fieldErrors).filter((m) => m !== undefined) : [];
  const toast = options.refused(
    refusal.message,
    messages.length ? messages : [refusal.message],
    refusal.status,
    refusal,
  );
  const extra = (options.extra ?? {}) as E;
  return refusedAnswer(reply, toast, { ...extra, ...options.refusedFields?.(refusal) }, refusal.status);
}

function refusedAnswer<E extends object>(
  result: SubmissionResult<string[]>,
  toast: ToastMessage | null,
  extra: E,
  status: number,
) {
  return data({ ...extra, ok: false, result, ...(toast ? { toast } : {}) } as ActionAnswer<E>, { status });
}
