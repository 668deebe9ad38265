import { z } from "zod";
import { hasVisibleText, nameText } from "~/lib/form-text";

/** Recording a payment needs both a method and a reference (spec section 5). */
export const recordPaymentSchema = z.object({
  paymentId: z.string({ error: "Payment not found" }).trim().min(1, "Payment not found"),
  payment_method: z
    .string({ error: "Payment method is required" })
    .overwrite(nameText)
    .trim()
    .min(1, "Payment method is required")
    .refine(hasVisibleText, "Payment method is required")
    .max(50, "Payment method must be less than 50 characters"),
  payment_reference: z
    .string({ error: "Payment reference is required" })
    .overwrite(nameText)
    .trim()
    .min(1, "Payment reference is required")
    .refine(hasVisibleText, "Payment reference is required")
    .max(100, "Payment reference must be less than 100 characters"),
});
export const RECORD_PAYMENT_FIELDS = ["paymentId", "payment_method", "payment_reference"] as const;

/** The payout methods offered in the Mark as Paid dialog. */
export const PAYMENT_METHODS = ["Mobile Money", "Bank Transfer", "Cash", "Cheque"] as const;
