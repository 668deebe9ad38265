import { renderToString } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { logger } from "./lib/logger.server";
import { NonceContext } from "./lib/nonce";
import { keepPage, keptPage, renderedPageKey } from "./lib/rendered-pages.server";
import { requestInfo } from "./lib/request-context.server";
import { pageCacheTag, STATIC_PAGE_HEADER } from "./lib/static-page";

/**
 * No page hydrates (docs/decisions/012-no-page-hydrates.md), so React Router need not encode the
 * loaders' data for the browser on every document request. Read by our patch of React Router
 * (patches/react-router+8.4.0.patch; docs/decisions/015-no-hydration-data.md).
 */
export const hydrationData = false;

/**
 * Renders a page to one string. Nothing here streams: no page hydrates React, so there is no
 * hydration data to send after the markup (docs/decisions/012-no-page-hydrates.md), and no page
 * suspends. The string renderer costs less per request than the streaming one, and the answer is
 * written in one piece (gzipped whole by the server). A page rendered from its data alone is kept
 * per address and data and not rendered again (lib/rendered-pages.server.ts, decision 016).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Only an error page rendered after a failed render still comes with the encoded data: unread.
  routerContext.serverHandoffStream?.cancel().catch(() => {});
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = requestInfo(loadContext);
  const key = renderedPageKey(request, responseStatusCode, routerContext);
  let html = key ? keptPage(key, nonce) : undefined;
  if (html === undefined) {
    html = renderToString(
      <NonceContext.Provider value={nonce || undefined}>
        <ServerRouter
          context={{ ...routerContext, serverHandoffStream: undefined }}
          url={request.url}
          nonce={nonce || undefined}
        />
      </NonceContext.Provider>,
    );
    if (key) keepPage(key, html, nonce);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const cacheTag = pageCacheTag(request, responseStatusCode, routerContext);
  if (cacheTag) responseHeaders.set(STATIC_PAGE_HEADER, cacheTag);
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

/** Unexpected errors in loaders, actions and rendering are logged once, here. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url, method: request.method }, "unhandled error");
};
