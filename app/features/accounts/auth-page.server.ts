import type { Db } from "~/db/client.server";
import { formAction } from "~/lib/form-action.server";
import { onceOutside, postedKey } from "~/lib/idempotency.server";
import { registerAction, signInAction } from "./account-actions.server";
import type { RequestMeta } from "./accounts.server";
import { REGISTERED_TOAST, type RegisterAnswer, SECRET_FIELDS, VALIDATION_TOAST } from "./action-data";
import { registerSchema } from "./register-schema";
import { signInSchema } from "./sign-in-schema";

/**
 * The /auth page's action (routes/auth/auth.tsx): sign in and register share the page, and the
 * `intent` field picks the form. Each is the one form path: the form's schema (the same
 * one the browser ran), then the domain call (account-actions.server.ts), which throws its refusals.
 * A value refused (by the schema or the rules) is the spec's "Validation Error"; anything else
 * "Login Failed" or "Registration Failed" with its message. Passwords are never sent back.
 */
export async function authPageAction(database: Db, form: FormData, meta: RequestMeta) {
  return form.get("intent") === "register" ? await register(database, form, meta) : await signIn(database, form, meta);
}

async function signIn(database: Db, form: FormData, meta: RequestMeta) {
  return formAction(form, {
    schema: signInSchema,
    // Signed in: the dashboard, with the session cookie.
    run: (input) => signInAction(database, input, meta),
    done: (signedIn) => signedIn,
    refused: (description, _messages, _status, refusal) =>
      refusal ? { title: "Login Failed", description, variant: "destructive" } : VALIDATION_TOAST,
    hideFields: SECRET_FIELDS,
    extra: { intent: "signin" as const },
  });
}

async function register(database: Db, form: FormData, meta: RequestMeta) {
  const extra: Omit<RegisterAnswer, "result" | "toast" | "ok"> = { intent: "register" };
  return formAction(form, {
    schema: registerSchema,
    // One registration per key (decision 027): a repeat is answered as the first, and mails nobody again.
    run: (input) =>
      onceOutside(
        database,
        { scope: "anonymous", key: postedKey(form), form: "register" },
        () => registerAction(database, input, meta),
        () => ({ status: 200 }),
      ),
    done: () => ({ status: "registered" as const, toast: REGISTERED_TOAST }),
    refused: (description, _messages, _status, refusal) =>
      refusal && !refusal.fieldErrors
        ? { title: "Registration Failed", description, variant: "destructive" }
        : VALIDATION_TOAST,
    hideFields: SECRET_FIELDS,
    extra,
  });
}
