import {
  isRouteErrorResponse,
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { summarise } from "~/auth/actor";
import { actorOf } from "~/auth/context.server";
import { ensureTextsOfNavigation } from "~/i18n/load-catalogue";
import { localeOfPath } from "~/i18n/locales";
import { ErrorScreen } from "~/shell/error-screen";
import { FrenchOffer, LanguageAlternates } from "~/shell/language";
import { NotFound } from "~/shell/not-found";
import { SiteFooter } from "~/shell/site-footer";
import { SiteHeader } from "~/shell/site-header";
import type { Route } from "./+types/layout";

/**
 * Who is signed in, for the header's account menu. A visitor without a session cookie costs no
 * database round trip, and the server keeps (page-cache.ts) only pages rendered for such visitors.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { user: summarise(await actorOf(context)) };
}

/**
 * Every navigation to a public page: its texts in its language (the shell's and its own, decision 044)
 * before React draws it, from another page, the other language's site or the platform.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request, pattern }, next) => {
    await ensureTextsOfNavigation(request.url, pattern);
    return next();
  },
];

/** The account changes only by a post (sign in, sign out): a link or a filter does not ask again. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** Header and footer around every public page, in each language (routes.ts: the French layout is `fr/...`). */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LanguageAlternates />
      <FrenchOffer />
      <SiteHeader user={loaderData.user} />
      <Outlet />
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The layout's own data, when it loaded (a page below it failed): the header still knows the account.
  const french = localeOfPath(useLocation().pathname) === "fr";
  const user =
    useRouteLoaderData<typeof loader>(french ? "fr/routes/public/layout" : "routes/public/layout")?.user ?? null;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <LanguageAlternates />
        <SiteHeader user={user} />
        <NotFound />
        <SiteFooter />
      </>
    );
  }
  return (
    <>
      <SiteHeader user={user} />
      <ErrorScreen error={error} />
      <SiteFooter />
    </>
  );
}
