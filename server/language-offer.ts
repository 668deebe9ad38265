import { parseAccept } from "hono/utils/accept";
import { localeOfPath } from "~/i18n/locales";

/** Set once the offer has been shown: the banner is for a first visit only. */
export const LANGUAGE_OFFER_COOKIE = "qh_lang_offer";

/**
 * Whether this request gets the banner offering French (decision 044): a GET of an English page, from a
 * browser whose first language is French, that has not been offered it before. Never a redirect:
 * the banner is a link to the same page in French. A page with the banner is rendered for this
 * visitor (not served from the page cache) and sets the cookie.
 */
export function offersFrench(method: string, pathname: string, acceptLanguage: string | undefined, cookies = "") {
  if (method !== "GET" || localeOfPath(pathname) !== "en") return false;
  if (cookies.split(";").some((c) => c.trim().startsWith(`${LANGUAGE_OFFER_COOKIE}=`))) return false;
  const first = parseAccept(acceptLanguage ?? "").find((a) => a.q > 0);
  return first !== undefined && /^fr(-|$)/i.test(first.type);
}

export const languageOfferCookie = (secure: boolean) =>
  `${LANGUAGE_OFFER_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
