import { data, redirect } from "react-router";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { checkSmsStop, stopWaitlistSms } from "~/features/waitlist/sms-stop.server";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/hub-sms-stop";

/** A content page: a plain form, no JavaScript. */
export const handle: RouteHandle = { hydrate: false };

/**
 * /hub-sms/stop/{token}: the "Stop" link in every waitlist SMS (decision 029). Opening it only asks;
 * the button stops that entry's SMS (once: again changes nothing). A bad token is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const check = await checkSmsStop(dbOf(context), params.token);
  if (check.status === "invalid") throw data(null, { status: 404 });
  return { hubTitle: check.hubTitle, stopped: check.stopped };
}

/** Stops them, then shows the result at the same address (a reload does not post again). */
export async function action({ params, context }: Route.ActionArgs) {
  const result = await stopWaitlistSms(dbOf(context), params.token);
  if (result.status === "invalid") throw data(null, { status: 404 });
  return redirect(`/hub-sms/stop/${encodeURIComponent(params.token)}`);
}

export const meta: Route.MetaFunction = () => [
  { title: `Stop hub SMS | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export default function HubSmsStop({ loaderData }: Route.ComponentProps) {
  const hubName = loaderData.hubTitle ? `the ${loaderData.hubTitle} hub` : "this hub";
  return (
    <main id="main" className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      {loaderData.stopped ? (
        <>
          <h1 className="text-3xl font-bold">SMS stopped</h1>
          <p role="status" className="mt-3 max-w-lg text-muted">
            You will get no more SMS about this hub.
          </p>
          <a href="/hubs" className="btn-primary mt-6">
            Explore Hubs
          </a>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold">Stop SMS about {hubName}</h1>
          <p className="mt-3 max-w-lg text-muted">
            Stop the launch and update SMS about {hubName}? You stay on its waitlist and keep getting its emails.
          </p>
          <form method="post" className="mt-6 flex flex-wrap justify-center gap-3">
            <button type="submit" className="btn-primary">
              Stop these SMS
            </button>
          </form>
        </>
      )}
    </main>
  );
}
