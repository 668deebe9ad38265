import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { allowedActor } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { FacilityForm } from "~/features/facilities/components/facility-form";
import { addFacility } from "~/features/facilities/facility-create.server";
import { readFacilityForm } from "~/features/facilities/facility-schema";
import { useT } from "~/i18n/react";
import { isNetworkFailure, keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { formAction, readForm } from "~/lib/form-action.server";
import { answerOf, once, postedKey, scopeOf } from "~/lib/idempotency.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-new";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Add Facility", description: "Add a facility to the network.", noindex: true });

const PATH = "/dashboard/system-admin/facilities/new";

export async function loader({ context }: Route.LoaderArgs) {
  return { actor: await allowedActor(context) };
}

/** The domain function checks every value (with the form's schema, through parseOrRefuse). */
const POSTED = z.object({});

/**
 * Adds the facility (system administrators; the domain function checks too), then its editor. One
 * facility per key (decision 027): a double tap or a retry answers as the first post did. A refused
 * value is "Could not add the facility" with its message under the field; any other refusal "Error".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const database = dbOf(context);
  const form = await readForm(request);
  let status = 400;
  return formAction(form, {
    schema: POSTED,
    run: async () => {
      try {
        const actor = await allowedActor(context);
        const outcome = await once(
          database,
          { scope: scopeOf(actor), key: postedKey(form), form: "facility.add" },
          (tx) => addFacility(tx, actor, readFacilityForm(form)),
          (added) => ({
            status: 302,
            location: `/dashboard/facilities/${added.id}`,
            recordId: added.id,
            toast: ADDED,
          }),
        );
        if (!outcome.answer) throw new Error("unreachable: an added facility has an answer");
        return outcome.answer;
      } catch (error) {
        status = refusalOf(error)?.status ?? status;
        throw error;
      }
    },
    done: (answer) => answerOf(answer) as Promise<Response>,
    refused: (description) => ({
      title: status === 400 ? "Could not add the facility" : "Error",
      description,
      variant: "destructive",
    }),
    extra: { intent: "save" as const },
  });
}

const ADDED = {
  title: "Facility Added",
  description: "It is in the directory and the referral form now. Add a photo below.",
  variant: "success",
} as const;

/** In the browser: a post the network loses keeps the form and its draft (decision 027). */
const sendOrKeep = keepDraftsOnNetworkFailure({ timeoutMs: 30_000 });
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

export default function NewFacility({ loaderData, actionData: posted }: Route.ComponentProps) {
  const { actor } = loaderData;
  const networkFailed = isNetworkFailure(posted);
  const actionData = networkFailed ? undefined : posted;
  const t = useT();
  return (
    <DashboardShell title={t("Add Facility")} actor={actor}>
      <p className="mb-6 max-w-2xl text-muted">
        {t("Everything the directory card and the public profile show. Fields marked * are required.")}
      </p>
      <FacilityForm
        action={PATH}
        answer={actionData}
        categories={[]}
        canVerify
        submitLabel={t("Add facility")}
        busyLabel={t("Adding...")}
        draft={{ user: actor.id, form: "facility:new" }}
        networkFailed={networkFailed}
      />
    </DashboardShell>
  );
}
