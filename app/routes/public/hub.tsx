import { data, isRouteErrorResponse, useSearchParams } from "react-router";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { findHub } from "~/features/hubs/hubs.server";
import { HubNotFound, HubWaitlistPage } from "~/features/waitlist/components/hub-waitlist-page";
import type { WaitlistAnswer } from "~/features/waitlist/components/waitlist-forms";
import { joinWaitlist, waitlistResponse } from "~/features/waitlist/waitlist.server";
import { asWaitlistHub } from "~/features/waitlist/waitlist-hubs";
import { validationNotice } from "~/features/waitlist/waitlist-messages";
import { facilityWaitlistSchema, isUserType, professionalWaitlistSchema } from "~/features/waitlist/waitlist-schema";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/hub";

export const handle: RouteHandle = { versionedBy: "hubs" };

/** /hub/{hubId}: a coming-soon hub's waitlist page (spec section 2). Other ids: 404 "Hub Not Found". */
export async function loader({ params }: Route.LoaderArgs) {
  const hub = asWaitlistHub(await findHub(await db(), params.hubId));
  if (!hub) throw data(null, { status: 404 });
  return { hub };
}

/**
 * A sign-up from either form (`userType` says which). The form's schema answers first, as it did
 * in the browser; then the domain function (which checks again, rate limits and stores) decides.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!asWaitlistHub(await findHub(await db(), params.hubId))) throw data(null, { status: 404 });
  // A body that is not a form (wrong content type, garbage) is treated as an empty form: a 400, never a 500.
  const formData = await request.formData().catch(() => new FormData());
  const userType = formData.get("userType");
  if (isUserType(userType)) {
    const schema = userType === "professional" ? professionalWaitlistSchema : facilityWaitlistSchema;
    const submission = parseSubmission(formData, schema);
    if (submission.status !== "success") {
      const first = Object.values(submission.error ?? {}).flat()[0];
      return data<WaitlistAnswer>(
        {
          userType,
          status: "invalid",
          result: submission.reply(),
          toast: validationNotice(first ?? "Invalid input"),
        },
        { status: 400 },
      );
    }
  }
  const input: Record<string, unknown> = Object.fromEntries(formData);
  const result = await joinWaitlist(await db(), params.hubId, input, { ip: requestInfo(context).ip });
  if (result.status === "hub-not-found") throw data(null, { status: 404 });
  const { body, status } = waitlistResponse(result, input);
  const submission = parseSubmission(
    formData,
    result.userType === "facility" ? facilityWaitlistSchema : professionalWaitlistSchema,
  );
  return data<WaitlistAnswer>(
    {
      userType: body.userType,
      status: body.status,
      toast: body.toast,
      result:
        result.status === "joined"
          ? submission.reply({ resetForm: true })
          : submission.reply({ fieldErrors: fieldErrorsOf(body.fieldErrors ?? {}) }),
    },
    { status },
  );
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: `${args.loaderData.hub.title} Hub: Join the Waitlist`,
        description: args.loaderData.hub.description,
      })
    : [{ title: `Hub Not Found | ${SITE.name}` }, { name: "robots", content: "noindex" }];

export default function HubRoute({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript a tab is a link: the address says which tab to show.
  const [searchParams] = useSearchParams();
  const initialTab = actionData?.userType ?? (searchParams.get("tab") === "facility" ? "facility" : "professional");
  // Keyed by hub: moving to another hub starts with fresh forms (and no stale answers).
  return (
    <HubWaitlistPage key={loaderData.hub.id} hub={loaderData.hub} actionData={actionData} initialTab={initialTab} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <HubNotFound />;
  throw error;
}
