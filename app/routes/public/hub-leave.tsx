import { data, Form, Link, redirect } from "react-router";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { findHub } from "~/features/hubs/hubs.server";
import { checkRemovalToken, removeFromWaitlist } from "~/features/waitlist/waitlist.server";
import type { Route } from "./+types/hub-leave";

/**
 * /hub/{hubId}/leave?token=...: the signed link from the confirmation email. Opening it only
 * asks (mail scanners follow links); the button removes the entry, once.
 */

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const hubTitle = (await findHub(dbOf(context), params.hubId))?.title ?? null;
  if (url.searchParams.get("removed") === "1") return { state: "removed" as const, hubTitle, email: null, token: null };
  const token = url.searchParams.get("token");
  const check = await checkRemovalToken(dbOf(context), params.hubId, token);
  if (check.status === "invalid")
    return data({ state: "invalid" as const, hubTitle, email: null, token: null }, { status: 410 });
  return { state: "confirm" as const, hubTitle, email: check.email, token };
}

/** Removes the entry, then shows the result at its own address (a reload does not post again). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const result = await removeFromWaitlist(dbOf(context), form?.get("token"), params.hubId);
  if (result.status === "invalid") return data({ state: "invalid" as const }, { status: 410 });
  return redirect(`/hub/${encodeURIComponent(params.hubId)}/leave?removed=1`);
}

export const meta: Route.MetaFunction = () => [
  { title: `Leave a hub waitlist | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function HubLeave({ loaderData, actionData, params }: Route.ComponentProps) {
  const view = actionData?.state === "invalid" ? { ...loaderData, state: "invalid" as const } : loaderData;
  const removing = useIsSubmitting();
  const hubName = view.hubTitle ? `the ${view.hubTitle} hub waitlist` : "this hub waitlist";
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {view.state === "confirm" ? (
        <>
          <h1 className="text-3xl font-bold">Leave the waitlist</h1>
          <p className="mt-3 max-w-lg text-muted">
            Remove <span className="font-semibold break-all text-ink">{view.email}</span> from {hubName}? We delete your
            details and will not contact you about this hub.
          </p>
          <Form method="post" className="mt-6 flex flex-wrap justify-center gap-3">
            <input type="hidden" name="token" value={loaderData.token ?? ""} />
            <SubmitButton busy={removing} busyLabel="Removing...">
              Remove me from the waitlist
            </SubmitButton>
            <Link to={`/hub/${params.hubId}`} className="btn-secondary">
              Keep me on the waitlist
            </Link>
          </Form>
        </>
      ) : view.state === "removed" ? (
        <>
          <h1 className="text-3xl font-bold">You have left the waitlist</h1>
          <p role="status" className="mt-3 max-w-lg text-muted">
            Your details have been removed from {hubName}. You can join again at any time.
          </p>
          <Link to="/hubs" className="btn-primary mt-6">
            Explore Hubs
          </Link>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">This link no longer works</h1>
          <p className="mt-3 max-w-lg text-muted">
            The removal link is not valid, or it has already been used and the details were deleted. If you still need
            help, contact us.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/hubs" className="btn-primary">
              Explore Hubs
            </Link>
            <Link to="/contact" className="btn-secondary">
              Contact Us
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
