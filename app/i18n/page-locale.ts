import { type Locale, localeOfPath } from "./locales";

/** The signed-in platform's frame (routes/dashboard/layout.tsx): its loader says the person's language. */
export const PLATFORM_LAYOUT_ID = "routes/dashboard/layout";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * The language a page is drawn in (docs/decisions/044): a public page's is in its path
 * (`/fr/...` is French); the signed-in platform's is the person's own (`users.language`: the language
 * they registered in, then their choice on their account page), which its frame's loader gives.
 */
export function pageLocale(pathname: string, matches: readonly MatchLike[] | undefined): Locale {
  const data = matches?.find((m) => m?.id === PLATFORM_LAYOUT_ID)?.loaderData as { locale?: Locale } | undefined;
  return data?.locale ?? localeOfPath(pathname);
}
