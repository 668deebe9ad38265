import { data } from "react-router";
import type { RouteHandle } from "~/lib/route-handle";
import { NotFound } from "~/shell/not-found";

/** A content page: no JavaScript. */
export const handle: RouteHandle = { hydrate: false };

/** Any path the route table does not list. */
export function loader() {
  throw data(null, { status: 404 });
}

// Rendered by the layout's error boundary; kept for completeness when navigated to on the client.
export default function NotFoundRoute() {
  return <NotFound />;
}
