import "../zod-jitless";
import { readFields, VALIDATION_TOAST, validateForm } from "~/features/accounts/form-errors";
import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import { REGISTER_FIELDS, registerSchema } from "~/features/accounts/register-schema";
import { SIGN_IN_FIELDS, signInSchema } from "~/features/accounts/sign-in-schema";
import { type Check, enhanceForms } from "../forms";
import { markReady } from "../ready";
import { enhanceTabs } from "../tabs";

/**
 * /auth: the Sign In and Register tabs switch in place (the address follows), and both forms
 * are checked with the shared schemas before they are sent. A reset link opened on /auth (its
 * tokens are in the fragment, which the server never sees) continues on /reset-password.
 */
function checkWith(schema: Parameters<typeof validateForm>[0], fields: readonly string[]) {
  return (data: FormData): Check => {
    const result = validateForm(schema, readFields(data, fields));
    return result.ok ? { ok: true } : { ok: false, fieldErrors: result.fieldErrors, notice: VALIDATION_TOAST };
  };
}

if (isRecoveryAddress(window.location)) {
  window.location.replace(`/reset-password${window.location.search}${window.location.hash}`);
} else {
  const tablist = document.querySelector<HTMLElement>("[role=tablist][aria-label=Account]");
  if (tablist) {
    enhanceTabs(tablist, (tab) => window.history.replaceState(window.history.state, "", tab.href));
  }
  enhanceForms("#signin-form", checkWith(signInSchema, SIGN_IN_FIELDS));
  enhanceForms("#register-form", checkWith(registerSchema, REGISTER_FIELDS));
  markReady();
}
