import { renderToReadableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import appCss from "./app.css?url";
import "./i18n/server-catalogues.server";
import { logger } from "./lib/logger.server";
import { NonceContext } from "./lib/nonce";
import { requestInfo } from "./lib/request-context.server";
import { hydrates, type RouteHandle } from "./lib/route-handle";
import { pageCacheTag, STATIC_PAGE_HEADER } from "./lib/static-page";
import { StylesheetContext } from "./lib/stylesheet";
import { stylesheetText } from "./lib/stylesheet.server";

/** The longest a render may wait on a deferred value before React Router gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page with React's web-stream renderer, every script React Router writes (the
 * hydration data, the module loader) carrying the request's CSP nonce. The answer is sent once the
 * whole page is ready (nothing here suspends, and the server gzips a page whole). A content page
 * (route handle `hydrate: false`) leaves out <Scripts>, so its hydration data is never read: it is
 * cancelled rather than encoded for nobody.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const handles = routerContext.staticHandlerContext.matches.map(
    (m) => routerContext.routeModules[m.route.id]?.handle as RouteHandle | undefined,
  );
  if (!hydrates(handles)) routerContext.serverHandoffStream?.cancel().catch(() => {});
  if (request.method.toUpperCase() === "HEAD") {
    routerContext.serverHandoffStream?.cancel().catch(() => {});
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = requestInfo(loadContext);
  let status = responseStatusCode;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  try {
    const body = await renderToReadableStream(
      <NonceContext.Provider value={nonce || undefined}>
        <StylesheetContext.Provider value={import.meta.env.DEV ? null : stylesheetText(appCss)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
        </StylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        // The stylesheet's <style> carries the nonce too (the policy's style-src allows no other inline style).
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        // The page goes out whole (it is gzipped whole): every Suspense boundary in place, however
        // large, never a fallback swapped later by a script (which a visitor without JavaScript
        // would never see replaced).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        signal: controller.signal,
        onError(error: unknown) {
          // A refusal a loader or action threw (404, 405 ...) is rendered by the error boundary: not a render error.
          if (isRouteErrorResponse(error)) return;
          status = 500;
          if (!request.signal.aborted) logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
    await body.allReady;
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const cacheTag = pageCacheTag(request, status, routerContext);
    if (cacheTag) responseHeaders.set(STATIC_PAGE_HEADER, cacheTag);
    return new Response(body, { headers: responseHeaders, status });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Unexpected errors in loaders, actions and rendering are logged once, here, at error level. An
 * expected refusal (a 404, a 405 for a method a route does not take, a 403) is not an error: info.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, url: request.url, method: request.method }, "request refused");
    return;
  }
  logger.error({ err: error, url: request.url, method: request.method }, "unhandled error");
};
