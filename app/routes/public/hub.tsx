import { data, isRouteErrorResponse, useSearchParams } from "react-router";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { HubNotFound, HubWaitlistPage } from "~/features/waitlist/components/hub-waitlist-page";
import { joinWaitlist, waitlistResponse } from "~/features/waitlist/waitlist.server";
import { getWaitlistHub } from "~/features/waitlist/waitlist-hubs";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/hub";

/** No React in the browser: the tabs and the forms' checks are a page script (enhance/pages/hub.ts). */
export const handle = { static: true };

/** /hub/{hubId}: a coming-soon hub's waitlist page (spec section 2). Other ids: 404 "Hub Not Found". */
export function loader({ params }: Route.LoaderArgs) {
  const hub = getWaitlistHub(params.hubId);
  if (!hub) throw data(null, { status: 404 });
  return { hub };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const input: Record<string, unknown> = form ? Object.fromEntries(form) : {};
  const result = await joinWaitlist(await db(), params.hubId, input, { ip: requestInfo(context).ip });
  if (result.status === "hub-not-found") throw data(null, { status: 404 });
  const { body, status } = waitlistResponse(result, input);
  return data(body, { status });
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: `${args.loaderData.hub.title} Hub: Join the Waitlist`,
        description: args.loaderData.hub.description,
      })
    : [{ title: `Hub Not Found | ${SITE.name}` }, { name: "robots", content: "noindex" }];

export default function HubRoute({ loaderData, actionData }: Route.ComponentProps) {
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
