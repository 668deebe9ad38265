import * as z from "zod/mini";
import { hasVisibleText, nameText } from "~/lib/form-text";

/** Recording a payment needs both a method and a reference (spec section 5). */
export const recordPaymentSchema = z.object({
  paymentId: z.string({ error: "Payment not found" }).check(z.trim(), z.minLength(1, "Payment not found")),
  payment_method: z
    .string({ error: "Payment method is required" })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, "Payment method is required"),
      z.refine(hasVisibleText, "Payment method is required"),
      z.maxLength(50, "Payment method must be less than 50 characters"),
    ),
  payment_reference: z
    .string({ error: "Payment reference is required" })
    .check(
      z.overwrite(nameText),
      z.trim(),
      z.minLength(1, "Payment reference is required"),
      z.refine(hasVisibleText, "Payment reference is required"),
      z.maxLength(100, "Payment reference must be less than 100 characters"),
    ),
});
export const RECORD_PAYMENT_FIELDS = ["paymentId", "payment_method", "payment_reference"] as const;

/** The payout methods offered in the Mark as Paid dialog. */
export const PAYMENT_METHODS = ["Mobile Money", "Bank Transfer", "Cash", "Cheque"] as const;
