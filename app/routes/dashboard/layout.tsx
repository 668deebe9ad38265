import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Link, Outlet, useLocation } from "react-router";
import { type ActorSummary, localeOfActor, summarise } from "~/auth/actor";
import { GATE_TITLES, GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorOf } from "~/auth/context.server";
import { AppNav } from "~/components/layout/app-nav";
import { isRecoveryAddress } from "~/features/accounts/recovery-link";
import { ensurePlatformTexts } from "~/i18n/load-catalogue";
import { localeOfHtmlLang } from "~/i18n/locales";
import { useT } from "~/i18n/react";
import { useDraftsGoWithSignOut } from "~/lib/drafts";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import { SiteHeader } from "~/shell/site-header";
import type { Route } from "./+types/layout";

/** The signed-in app links the stylesheet: its people come back every day, and the browser keeps the file. */
export const handle: RouteHandle = { stylesheet: "linked" };

/** The dashboards' frame: who is signed in (once per request, shared with the pages' loaders). */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await actorOf(context);
  // The person's language draws the platform (decision 044; i18n/page-locale.ts): English for a visitor.
  return { user: summarise(actor), locale: localeOfActor(actor) };
}

/**
 * Entering the platform (a French doctor signing in on the English sign-in page), or the person's
 * language changed: the page's texts in their language arrive before React draws it (decision 044).
 */
export async function clientLoader({ serverLoader, pattern }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await ensurePlatformTexts(data.locale, pattern);
  return data;
}

/**
 * A navigation within the platform (this frame's loader does not run again): the next page's texts,
 * in the language the platform is drawn in, before React draws it.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ pattern }, next) => {
    const html = document.documentElement;
    if ("platform" in html.dataset) await ensurePlatformTexts(localeOfHtmlLang(html.lang), pattern);
    return next();
  },
];

/** A gate screen (the page's gated layout refused the visitor) is titled by its heading. */
export const meta: Route.MetaFunction = (args) => {
  const gate = refusedGateOf(args.error);
  return gate
    ? pageMeta(args, { title: GATE_TITLES[gate.kind], description: GATE_TITLES[gate.kind], noindex: true })
    : [];
};

/** The header, the app's navigation for an approved account, and the page. */
function Frame({ user, children }: { user: ActorSummary; children: ReactNode }) {
  // A signed-in visitor of a password-reset link is sent here with the link's fragment kept:
  // recovery wins over the dashboard (spec section 2).
  useEffect(() => {
    if (isRecoveryAddress(window.location)) window.location.replace(`/reset-password${window.location.hash}`);
  }, []);
  // The drafts this device keeps (a referral, a message: patient data) go when the person signs out (decision 027).
  useDraftsGoWithSignOut();
  return (
    <>
      <SiteHeader user={user} />
      {user?.approved ? <AppNav user={user} /> : null}
      {children}
    </>
  );
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame user={loaderData.user}>
      <Outlet />
    </Frame>
  );
}

/**
 * A page's gated layout refused the visitor (`allowedActor` in its loader): the gate screen, with
 * the gate's status, in the signed-in frame. A dashboard whose data could not be loaded: the
 * spec's "Error Loading Referrals" with the server's message for an expected refusal, a general
 * one otherwise (details go to the log).
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const { pathname, search } = useLocation();
  const t = useT();
  const gate = refusedGateOf(error);
  if (gate) {
    return (
      <Frame user={loaderData?.user ?? null}>
        <GateScreen gate={gate} />
      </Frame>
    );
  }
  // The server's refusal is an English text: translated here, where it is shown.
  const message = t(
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : "We could not load this page. Please try again in a moment.",
  );
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      >
        <div className="card w-full max-w-lg p-8">
          <h1 className="text-2xl font-bold">{t("Error Loading Referrals")}</h1>
          <p role="alert" className="mt-3 text-muted">
            {message}
          </p>
          <Link to={`${pathname}${search}`} className="btn-primary mt-6">
            {t("Try Again")}
          </Link>
        </div>
      </main>
    </>
  );
}
