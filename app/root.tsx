import { isRouteErrorResponse, Links, Meta, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { NotFound } from "./components/layout/not-found";
import { Toaster } from "./components/ui/toast";
import { SITE } from "./content/site";
import type { PageScript } from "./enhance/page-script";
import { useNonce } from "./lib/nonce";
import type { VersionedContent } from "./lib/static-page";

/**
 * A route module's `handle`. No page hydrates React (docs/decisions/008-interactive-public-pages.md,
 * 012-no-page-hydrates.md): `script` gives a page its behaviour with a small module of its own.
 * `static: true`: the page comes from the code alone, the same for every visitor (no database, no
 * session, no query string), so the server renders it once and serves the copy (server/page-cache.ts).
 * `versionedBy`: the page comes from the code and that content alone, the same for every visitor at
 * a given query string; the server keeps it until the content's version in the database moves.
 */
export type RouteHandle = {
  script?: PageScript;
  /** The page's first screen comes from its script (/reset-password): its modules are preloaded. */
  scriptPaints?: boolean;
  static?: boolean;
  versionedBy?: VersionedContent;
  /**
   * The page's markup comes from its address and its loaders' data alone (with the layouts above
   * it): no clock finer than the day, nothing else from the request. The server keeps the markup
   * per address and data (lib/rendered-pages.server.ts, docs/decisions/016-pages-rendered-once-per-data.md).
   */
  renderedFromData?: boolean;
};

export async function loader() {
  const { env } = await import("./env.server");
  return { appUrl: env().APP_URL };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // No React in the browser, and no JavaScript at all unless the page's handle names a page script.
  const handle = useMatches()
    .map((m) => m.handle as RouteHandle | undefined)
    .findLast((h) => h?.script?.src);
  const script = handle?.script;
  return (
    <html lang="en-GH">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d6156" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* With a precedence React writes the stylesheet first in <head>. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <Toaster />
        {script ? <PageScriptTag script={script} paints={!!handle?.scriptPaints} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

/**
 * Loads the page script. A page whose first screen the script draws (`paints`) loads it, and every
 * module it imports, at once. Every other page works before its script arrives, so the script is
 * only asked for after the first paint: on a slow network it then does not share the link with the
 * stylesheet and the HTML ahead of the first screen (docs/decisions/014-page-scripts-after-first-paint.md).
 * Its modules are then preloaded together, so nothing waits for the module that imports it.
 */
function PageScriptTag({ script, paints, nonce }: { script: PageScript; paints: boolean; nonce: string | undefined }) {
  if (paints) {
    return (
      <>
        {script.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        <script type="module" src={script.src} nonce={nonce} />
      </>
    );
  }
  // Module addresses from the build; JSON with "<" escaped cannot end the script element.
  const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
  const code =
    `requestAnimationFrame(()=>setTimeout(()=>{for(const h of ${json(script.preload)}){` +
    `const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}` +
    `import(${json(script.src)})}))`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the code above, from build-time addresses only
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
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
