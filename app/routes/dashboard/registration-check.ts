import * as z from "zod/mini";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { recordRegistrationChecked } from "~/features/accounts/registration.server";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import type { Route } from "./+types/registration-check";

const checkSchema = z.object({ userId: z.string({ error: "Account not found" }), back: z.optional(z.string()) });

/** Only back to a page of the system administrator's dashboard (never another site). */
const backOf = (back: string | undefined) =>
  back && /^\/dashboard\/system-admin(?:[/?]|$)/.test(back) && !back.includes("//")
    ? back
    : "/dashboard/system-admin?tab=users";

/**
 * A system administrator records that they checked an account's MDC registration number or HeFRA
 * licence number against the register: audited, once per number. Behind the system
 * administrators' gate (401 signed out, 403 anyone else); the answer goes back to the page it came
 * from, with its toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await allowedActor(context);
  const form = await readForm(request);
  return formAction(form, {
    schema: checkSchema,
    run: async ({ userId, back }) => ({
      check: await recordRegistrationChecked(dbOf(context), actor, userId),
      back: backOf(back),
    }),
    done: ({ check, back }) =>
      redirectWithToast(back, {
        title: check.alreadyChecked ? "Already checked" : "Registration number checked",
        description: check.alreadyChecked
          ? "This number had been recorded as checked already."
          : "The account now shows that Qurhealth verified its number.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Check not recorded", description: message, variant: "destructive" }),
  });
}
