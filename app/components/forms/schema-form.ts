import { formatPaths, parse, type Submission } from "@conform-to/dom";
import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useFormAction, useNavigation } from "react-router";
import { type $ZodType, type input, type output, safeParse } from "zod/v4/core";
import { type ToastMessage, toast } from "~/components/ui/toaster";

/**
 * What a form's action answers when it does not redirect: Conform's result (field errors and the
 * submitted values, or a reset after success) and the spec's toast, if it names one. A page
 * without JavaScript renders both in place; with React the toast is a toast.
 */
export type FormAnswer<Extra = object> = Extra & {
  result: SubmissionResult<string[]>;
  toast?: ToastMessage;
};

/**
 * A submission parsed by `schema`, in the browser (each check) and in the action: Conform's own
 * `parse` with the schema as its resolver, and each field's messages under its name. The values go
 * to the schema as posted (an empty field is ""), exactly as the domain functions receive them, so
 * the browser and the server say the same thing. (Conform's `parseWithZod` would also coerce the
 * values, and brings in zod's full classic API, 23 KB gzipped, for it: our schemas take strings.)
 */
export function parseSubmission<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<input<Schema>, string[], output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const result = safeParse(schema, value);
      if (result.success) return { value: result.data as output<Schema> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = formatPaths(issue.path.filter((p): p is string | number => typeof p !== "symbol"));
        error[name] = [...(error[name] ?? []), issue.message];
      }
      return { error };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}

/**
 * One zod schema per form, used twice: here in the browser (messages inline as soon as the form
 * is submitted, then as the values change) and by `parseSubmission` in the action. Errors from the
 * action (`lastResult`) show the same way, with or without JavaScript.
 */
export function useSchemaForm<Schema extends $ZodType>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<Record<keyof input<Schema> & string, string>>;
    /** The spec's toast for a submit the schema refuses, given the first message. */
    invalidToast?: (message: string) => ToastMessage;
  },
) {
  return useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    // biome-ignore lint/suspicious/noExplicitAny: Conform's default-value type is the schema's input
    defaultValue: options.defaultValue as any,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) => {
      const submission = parseSubmission(formData, schema);
      // A submit (not a re-check while typing) that the schema refuses: the spec's toast too.
      if (submitter && submission.status === "error" && options.invalidToast) {
        const first = Object.values(submission.error ?? {}).flat()[0];
        if (first) toast(options.invalidToast(first));
      }
      return submission;
    },
  });
}

/** Field errors as Conform reports them, from a domain function's `{ field: message }`. */
export function fieldErrorsOf(errors: Partial<Record<string, string | undefined>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors)) if (message) out[name] = [message];
  return out;
}

/**
 * True while this route's form (the one posting to `formAction`, by default the route's own
 * action, and with `intent` when given) is being submitted: the button's busy label.
 */
export function useIsSubmitting(options: { formAction?: string; intent?: string } = {}): boolean {
  const routeAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  const target = options.formAction ?? routeAction;
  const sameAction = navigation.formAction?.split("?")[0] === target.split("?")[0];
  const sameIntent = options.intent === undefined || navigation.formData?.get("intent") === options.intent;
  return sameAction && sameIntent;
}
