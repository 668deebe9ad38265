import { redirect } from "react-router";
import { REDIRECTS } from "~/content/redirects";
import type { Route } from "./+types/redirect";

function to(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const target = REDIRECTS[pathname.replace(/\/+$/, "") || "/"] ?? "/";
  // Keep a query string unless the target carries a fragment of its own.
  return redirect(target.includes("#") ? target : `${target}${search}`, 301);
}

export const loader = ({ request }: Route.LoaderArgs) => to(request);
// A form posted to an old address lands on the new one too.
export const action = ({ request }: Route.ActionArgs) => to(request);
