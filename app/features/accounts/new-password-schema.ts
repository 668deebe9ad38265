import * as z from "zod/mini";
import { PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_SHORT, WEAK_PASSWORD_MESSAGE } from "./new-password-rules";
import { MIN_STRENGTH, passwordStrength } from "./password-strength";

export {
  blockedSubmitToast,
  PASSWORD_MISMATCH_TOAST,
  PASSWORD_UPDATED,
  WEAK_PASSWORD_TOAST,
} from "./new-password-rules";

/**
 * Set a new password (spec section 5): strength 3 of 5 or more and a matching confirmation.
 * The section 9 minimum of 8 characters applies as well.
 */
export const newPasswordSchema = z
  .object({
    password: z.string({ error: WEAK_PASSWORD_MESSAGE }).check(
      z.refine((p) => passwordStrength(p) >= MIN_STRENGTH, WEAK_PASSWORD_MESSAGE),
      z.refine((p) => p.length >= 8, PASSWORD_TOO_SHORT),
      z.refine((p) => p.length <= 128, "Password must be at most 128 characters"),
    ),
    confirmPassword: z.string({ error: PASSWORD_MISMATCH_MESSAGE }),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: PASSWORD_MISMATCH_MESSAGE,
      path: ["confirmPassword"],
    }),
  );

export const NEW_PASSWORD_FIELDS = ["password", "confirmPassword"] as const;
