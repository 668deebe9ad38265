import "../zod-jitless";
import {
  FORGOT_PASSWORD_FIELDS,
  forgotPasswordSchema,
  INVALID_EMAIL_TOAST,
} from "~/features/accounts/forgot-password-schema";
import { readFields, validateForm } from "~/features/accounts/form-errors";
import { enhanceForms } from "../forms";
import { markReady } from "../ready";

/** /forgot-password: the shared schema checks the address before the form is sent. */
enhanceForms("#forgot-password-form", (data) => {
  const result = validateForm(forgotPasswordSchema, readFields(data, FORGOT_PASSWORD_FIELDS));
  return result.ok ? { ok: true } : { ok: false, fieldErrors: result.fieldErrors, notice: INVALID_EMAIL_TOAST };
});
markReady();
