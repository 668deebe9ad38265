import * as z from "zod/mini";
import { requiredEmail } from "~/lib/email-field";

/** Sign in (spec section 5), used by the browser before posting and again by the action. */
export const signInSchema = z.object({
  email: requiredEmail({ maxLength: false }),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required")),
});

export type SignInInput = z.output<typeof signInSchema>;
export const SIGN_IN_FIELDS = ["email", "password"] as const;
