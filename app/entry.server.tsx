import { renderToString } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { logger } from "./lib/logger.server";
import { NonceContext } from "./lib/nonce";
import { requestInfo } from "./lib/request-context.server";
import { pageCacheTag, STATIC_PAGE_HEADER } from "./lib/static-page";

/**
 * Renders a page to one string. Nothing here streams: no page hydrates React, so there is no
 * hydration data to send after the markup (docs/decisions/012-no-page-hydrates.md), and no page
 * suspends. The string renderer costs less per request than the streaming one, and the answer is
 * written in one piece (gzipped whole by the server).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // React Router encodes the loaders' data for hydration on every document request; nothing reads it.
  routerContext.serverHandoffStream?.cancel().catch(() => {});
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = requestInfo(loadContext);
  const html = renderToString(
    <NonceContext.Provider value={nonce || undefined}>
      <ServerRouter
        context={{ ...routerContext, serverHandoffStream: undefined }}
        url={request.url}
        nonce={nonce || undefined}
      />
    </NonceContext.Provider>,
  );
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
