import { redirect } from "react-router";
import { REDIRECTS } from "~/content/redirects";
import { localeOfPath, localePath, pathWithoutLocale } from "~/i18n/locales";
import type { Route } from "./+types/redirect";

/** Targets that have no French page (the signed-in platform): a French old address goes there as it is. */
const SIGNED_IN = /^\/(referrals|dashboard|account)(\/|$)/;

function to(request: Request): Response {
  const { pathname, search } = new URL(request.url);
  const locale = localeOfPath(pathname);
  const english = REDIRECTS[pathWithoutLocale(pathname).replace(/\/+$/, "") || "/"] ?? "/";
  const target = SIGNED_IN.test(english) ? english : localePath(locale, english);
  // Keep a query string unless the target carries a fragment of its own.
  return redirect(target.includes("#") ? target : `${target}${search}`, 301);
}

export const loader = ({ request }: Route.LoaderArgs) => to(request);
// A form posted to an old address lands on the new one too.
export const action = ({ request }: Route.ActionArgs) => to(request);
