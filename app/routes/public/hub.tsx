import { data, isRouteErrorResponse, useSearchParams } from "react-router";
import { z } from "zod/mini";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { HubLivePage } from "~/features/hubs/components/hub-live-page";
import { findHub } from "~/features/hubs/hubs.server";
import { HubNotFound, HubWaitlistPage } from "~/features/waitlist/components/hub-waitlist-page";
import { joinedOrRefuse, joinWaitlist } from "~/features/waitlist/waitlist.server";
import { asWaitlistHub } from "~/features/waitlist/waitlist-hubs";
import { GENERIC_ERROR, joinedNotice, refusedNotice } from "~/features/waitlist/waitlist-messages";
import { isUserType, USER_TYPES, WAITLIST_SCHEMAS } from "~/features/waitlist/waitlist-schema";
import { databaseText } from "~/i18n/database-text";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { formAction, readForm } from "~/lib/form-action.server";
import { IDEMPOTENCY_FIELD } from "~/lib/idempotency";
import { once, postedKey } from "~/lib/idempotency.server";
import { requestInfo } from "~/lib/request-context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { ErrorScreen } from "~/shell/error-screen";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/hub";

export const handle: RouteHandle = { versionedBy: "hubs" };

/**
 * /hub/{hubId}: a coming-soon hub's waitlist page (spec section 2), or a live hub's own page: a hub
 * keeps its address whatever its status, so a launch does not break the link its
 * waitlist was emailed. Unknown ids: 404 "Hub Not Found".
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const hub = await findHub(dbOf(context), params.hubId);
  if (!hub) throw data(null, { status: 404 });
  return { hub };
}

/** A post without a known form kind: refused with the generic error (the kind is a hidden field). */
const UNKNOWN_FORM = z.object({ userType: z.enum(USER_TYPES, { error: GENERIC_ERROR }) });

/**
 * A sign-up from one of the forms (`userType` says which), on the one form path (decision 029): the
 * form's schema answers first, as it did in the browser; then the domain function (which checks
 * again, rate limits and stores) decides, once per idempotency key (decision 027: the same post again
 * is answered "joined" as the first was, not "already on the list").
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  if (!asWaitlistHub(await findHub(db, params.hubId))) throw data(null, { status: 404 });
  const form = await readForm(request);
  const posted = form.get("userType");
  const userType = isUserType(posted) ? posted : null;
  const input: Record<string, unknown> = Object.fromEntries(form);
  delete input[IDEMPOTENCY_FIELD];
  return formAction(form, {
    schema: userType ? WAITLIST_SCHEMAS[userType] : UNKNOWN_FORM,
    extra: { userType },
    run: async (value) => {
      const outcome = await once(
        db,
        { scope: "anonymous", key: postedKey(form), form: `waitlist:${params.hubId}` },
        (tx) =>
          joinWaitlist(tx, params.hubId, input, {
            ip: requestInfo(context).ip,
            // Signed up on a French page: their confirmation and SMS are French (decision 048).
            locale: localeOfPath(new URL(request.url).pathname),
            findHub: (id) => findHub(tx, id),
          }),
        (result) => (result.status === "joined" ? { status: 200, recordId: result.entryId } : null),
      );
      if (!outcome.replayed) joinedOrRefuse(outcome.value);
      // A patient who gave only a mobile number is told by SMS, not by email (decision 029).
      return { byEmail: !("email" in value) || value.email !== null };
    },
    done: ({ byEmail }) => ({ toast: joinedNotice(userType ?? "professional", byEmail) }),
    refused: (message, _messages, status) => refusedNotice(userType, status, message),
  });
}

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const t = translator(locale);
  const hub = args.loaderData?.hub;
  if (!hub) return [{ title: `${t("Hub Not Found")} | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  // The hub's title and description from the database: French where written (decision 044).
  const title = databaseText(locale, hub.title, hub.titleFr).text;
  return pageMeta(args, {
    title: t(hub.status === "live" ? "hub.meta.live" : "hub.meta.waitlist", { hub: title }),
    description: databaseText(locale, hub.description, hub.descriptionFr).text,
    translated: true,
  });
};

export default function HubRoute({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript a tab is a link: the address says which tab to show.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const initialTab = actionData?.userType ?? (isUserType(asked) ? asked : "professional");
  if (loaderData.hub.status === "live") return <HubLivePage hub={loaderData.hub} />;
  // Keyed by hub: moving to another hub starts with fresh forms (and no stale answers).
  return (
    <HubWaitlistPage key={loaderData.hub.id} hub={loaderData.hub} actionData={actionData} initialTab={initialTab} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <HubNotFound />;
  return <ErrorScreen error={error} />;
}
