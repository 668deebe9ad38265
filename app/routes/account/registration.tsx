import { redirect } from "react-router";
import { GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorOf, allowedActor } from "~/auth/context.server";
import { dashboardPath } from "~/auth/roles";
import { dbOf } from "~/db/context.server";
import { RegistrationNumberForm } from "~/features/accounts/components/registration-number-form";
import { giveRegistrationNumber, registrationOf } from "~/features/accounts/registration.server";
import { REGISTRATION_NUMBER_SCHEMAS, registrationKindOf } from "~/features/accounts/registration-number";
import { useT } from "~/i18n/react";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { refuse } from "~/lib/refusal";
import { ErrorScreen } from "~/shell/error-screen";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/registration";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Your registration number",
    description: "Your MDC registration number or your facility's HeFRA licence number.",
    noindex: true,
  });

/**
 * The account's registration number, for doctors and facility administrators, approved
 * or not (an account awaiting approval gives it so that it can be checked). Signing in sends an
 * account without one here until it gives it. Under the account gate: signed out, the sign-in
 * screen (401); a system administrator, who has none, goes to their dashboard.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const registration = await registrationOf(dbOf(context), actor.id, actor.role);
  if (!registration) throw redirect(dashboardPath(actor.role));
  return { registration };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await actorOf(context);
  const form = await readForm(request);
  const kind = actor.kind === "user" ? registrationKindOf(actor.role) : null;
  if (actor.kind === "anonymous") refuse(401, "Authentication Required");
  if (!kind) refuse(403, "System administrators have no registration number to give.");
  return formAction(form, {
    schema: REGISTRATION_NUMBER_SCHEMAS[kind],
    run: ({ number }) => giveRegistrationNumber(dbOf(context), actor, number),
    done: ({ role }) =>
      redirectWithToast(dashboardPath(role), {
        title: "Registration number saved",
        description: "A system administrator will check it against the register.",
        variant: "success",
      }),
    refused: (message) => ({ title: "Validation Error", description: message, variant: "destructive" }),
  });
}

export default function RegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { registration } = loaderData;
  const t = useT();
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Your registration number")}</h1>
      <RegistrationNumberForm registration={registration} answer={actionData} />
    </main>
  );
}

/** The account gate's screen (signed out); anything else, the page's error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const gate = refusedGateOf(error);
  if (gate) return <GateScreen gate={gate} />;
  return <ErrorScreen error={error} />;
}
