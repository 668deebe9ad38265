import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { NotFound } from "./components/layout/not-found";
import { Toaster } from "./components/ui/toaster";
import { SITE } from "./content/site";
import { useNonce } from "./lib/nonce";
import type { VersionedContent } from "./lib/static-page";
import { AppStylesheet } from "./lib/stylesheet";
import { useHydrated } from "./lib/use-hydrated";

/**
 * A route module's `handle`: the one place a page says what reaches the browser
 * (docs/decisions/017-react-in-the-browser.md).
 * - `hydrate: false`: a content page. It has no behaviour that needs a script, so it ships no
 *   JavaScript at all: no <Scripts>, no module preloads, no hydration data. Every other page
 *   hydrates React and from then on navigates on the client.
 * - `static: true`: the page comes from the code alone, the same for every visitor (no database,
 *   no session, no query string), so the server renders it once and serves the copy (server/page-cache.ts).
 * - `versionedBy`: the page comes from the code and that content alone, the same for every visitor
 *   at a given query string; the server keeps it until the content's version in the database moves.
 */
export type RouteHandle = {
  hydrate?: false;
  /**
   * `"linked"`: the page links the stylesheet file even though it hydrates (the signed-in app: its
   * people come back every day, and the browser keeps the file). A public page that hydrates has
   * the stylesheet in its HTML (docs/decisions/022-first-paint-on-slow-networks.md).
   */
  stylesheet?: "linked";
  static?: boolean;
  versionedBy?: VersionedContent;
};

/** True unless the deepest route that says so is a content page (`handle.hydrate === false`). */
export function hydrates(handles: ReadonlyArray<unknown>): boolean {
  const said = handles.findLast((h) => (h as RouteHandle | undefined)?.hydrate !== undefined) as
    | RouteHandle
    | undefined;
  return said?.hydrate !== false;
}

/** The stylesheet goes in the page's HTML: a page that hydrates, unless a route links it. */
export function inlinesStylesheet(handles: ReadonlyArray<unknown>): boolean {
  return hydrates(handles) && !handles.some((h) => (h as RouteHandle | undefined)?.stylesheet === "linked");
}

export async function loader({ request }: Route.LoaderArgs) {
  const [{ env }, { readFlash }] = await Promise.all([import("./env.server"), import("./lib/flash.server")]);
  const flash = await readFlash(request);
  return data({ appUrl: env().APP_URL, toast: flash.toast }, { headers: flash.headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const handles = useMatches().map((m) => m.handle);
  const hydrate = hydrates(handles);
  const root = useRouteLoaderData<typeof loader>("root");
  // Marks a page React has hydrated (what a test of behaviour waits for); never set on a content page.
  const hydrated = useHydrated();
  return (
    <html lang="en-GH" data-hydrated={hydrated ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6156" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* With a precedence React writes the stylesheet first in <head>. */}
        <AppStylesheet href={appCss} nonce={nonce} inline={inlinesStylesheet(handles)} />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster flash={root?.toast ?? null} />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="container-page flex min-h-[70vh] flex-col items-center justify-center py-16 text-center">
      <title>{`Something went wrong | ${SITE.name}`}</title>
      <p className="text-sm font-semibold text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-muted">
        {status >= 500
          ? "We hit an unexpected problem on our side and have been notified. Please try again in a moment."
          : isRouteErrorResponse(error) && typeof error.data === "string" && error.data
            ? error.data
            : "This request could not be completed."}
      </p>
      <a href="/" className="btn-primary mt-6">
        Return to Home
      </a>
    </main>
  );
}
