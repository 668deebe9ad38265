import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { formAction } from "~/lib/form-action.server";
import { atLeast, EQUAL_TIME_MS } from "./account-actions.server";
import type { RequestMeta } from "./accounts.server";
import { PHONE_SIGN_IN_MESSAGES, requestSignInCode, signInWithCode } from "./phone-sign-in.server";
import { phoneCodeRequestSchema, phoneCodeSignInSchema } from "./phone-sign-in-schema";

/*
 * The /auth/phone page's action (routes/auth/phone-sign-in.tsx), on the one form path:
 * `intent` picks "send" (a code to the number) or "verify" (sign in with it). Sending answers the
 * same whether or not the number has an account, in the same time; a right code is the redirect
 * to the dashboard with better-auth's session cookie. The number typed comes back with every
 * answer (it is the person's own), never the code.
 */

export type PhoneSignInAnswer = { intent: "send" | "verify"; phone: string };

const postedPhone = (form: FormData) => String(form.get("phone") ?? "").slice(0, 40);

export async function phoneSignInAction(db: Db, form: FormData, meta: RequestMeta) {
  if (form.get("intent") === "verify") {
    return formAction(form, {
      schema: phoneCodeSignInSchema,
      run: (input) => signInWithCode(db, input, meta),
      done: ({ headers, redirectTo }) => redirect(redirectTo, { headers }),
      refused: (description, _messages, status) => ({
        title: status === 429 ? "Too many attempts" : "Login Failed",
        description,
        variant: "destructive",
      }),
      hideFields: ["code"],
      extra: { intent: "verify", phone: postedPhone(form) } satisfies PhoneSignInAnswer,
    });
  }
  return formAction(form, {
    schema: phoneCodeRequestSchema,
    run: (input) => atLeast(EQUAL_TIME_MS, requestSignInCode(db, input, meta)),
    done: () => ({
      resetForm: false,
      toast: { title: "Check your SMS", description: PHONE_SIGN_IN_MESSAGES.sent, variant: "success" },
    }),
    refused: (description, _messages, status) => ({
      title: status === 429 ? "Too many attempts" : "Code not sent",
      description,
      variant: "destructive",
    }),
    extra: { intent: "send", phone: postedPhone(form) } satisfies PhoneSignInAnswer,
  });
}
