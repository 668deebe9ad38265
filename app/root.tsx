import { I18nProvider } from "@lingui/react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { ErrorScreen } from "~/shell/error-screen";
import { NotFound } from "~/shell/not-found";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { localeOfActor } from "./auth/actor";
import { actorMiddleware, actorOf } from "./auth/context.server";
import { Toaster } from "./components/ui/toaster";
import { databaseMiddleware } from "./database.server";
import { i18nFor } from "./i18n/i18n";
import { HTML_LANG, localeOfPath } from "./i18n/locales";
import { PLATFORM_LAYOUT_ID, pageLocale } from "./i18n/page-locale";
import { useDraftsGoWithEndedSession } from "./lib/drafts-end";
import { useNonce } from "./lib/nonce";
import { hydrates, inlinesStylesheet } from "./lib/route-handle";
import { AppStylesheet } from "./lib/stylesheet";
import { useHydrated } from "./lib/use-hydrated";

/** Every request: the database, then who is asking (loaded when first asked, its cookies added to the answer). */
export const middleware: Route.MiddlewareFunction[] = [databaseMiddleware, actorMiddleware];

export async function loader({ request, context, pattern }: Route.LoaderArgs) {
  const [{ env }, { readFlash }, { requestInfo }, { isPlatformPage, pageTextFiles }] = await Promise.all([
    import("./env.server"),
    import("./lib/flash.server"),
    import("./lib/request-context.server"),
    import("./i18n/page-text-files.server"),
  ]);
  // A public page is in its path's language; the platform's pages in the person's (decision 044).
  const locale = isPlatformPage(pattern)
    ? localeOfActor(await actorOf(context))
    : localeOfPath(new URL(request.url).pathname);
  const flash = await readFlash(request);
  // The base of this page's form keys (lib/idempotency.ts): new in every answer, new after every post.
  const formKey = requestInfo(context).formKey || crypto.randomUUID();
  const offerFrench = requestInfo(context).offerFrench === true;
  return data(
    {
      appUrl: env().APP_URL,
      toast: flash.toast,
      sessionEnded: flash.sessionEnded,
      formKey,
      offerFrench,
      // The page's texts, preloaded beside its code (decision 044).
      texts: pageTextFiles(locale, pattern),
    },
    { headers: flash.headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const handles = useMatches().map((m) => m.handle);
  const hydrate = hydrates(handles);
  const root = useRouteLoaderData<typeof loader>("root");
  // Marks a page React has hydrated (what a test of behaviour waits for); never set on a content page.
  const hydrated = useHydrated();
  // Sent to sign in because the session ended by itself: the drafts on this device go.
  useDraftsGoWithEndedSession(root?.sessionEnded === true);
  // A public page's language is in its path (/fr/...: French; docs/decisions/044), the signed-in
  // platform's is the person's (decision 044).
  const matches = useMatches();
  const locale = pageLocale(useLocation().pathname, matches);
  // A platform page: its navigations fetch the next page's texts in the person's language
  // (routes/dashboard/layout.tsx), and while developing it loads both catalogue parts (entry.client).
  const platform = matches.some((m) => m.id === PLATFORM_LAYOUT_ID);
  return (
    <html lang={HTML_LANG[locale]} data-platform={platform ? "" : undefined} data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6156" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* With a precedence React writes the stylesheet first in <head>. */}
        <AppStylesheet href={appCss} nonce={nonce} inline={inlinesStylesheet(handles)} />
        <Links />
        {hydrate
          ? root?.texts.map((file) => (
              <link key={file.key} rel="modulepreload" href={file.href} data-texts={file.key} nonce={nonce} />
            ))
          : null}
      </head>
      <body className="min-h-screen">
        <I18nProvider i18n={i18nFor(locale)}>
          {children}
          <Toaster flash={root?.toast ?? null} />
        </I18nProvider>
        {/* Once React runs it stays: a client navigation to a content page still restores the scroll position. */}
        {hydrate || hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Unknown paths (HTTP 404) and unexpected failures (HTTP 500, logged by entry.server). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  return <ErrorScreen error={error} />;
}
