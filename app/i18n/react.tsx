import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { type Locale, localePath } from "./locales";

type Values = Record<string, unknown>;

/** `t(key, values)`: the key's message in the page's language (ICU MessageFormat). */
export function useT(): (key: string, values?: Values) => string {
  const { i18n } = useLingui();
  return useCallback((key: string, values?: Values) => i18n._(key, values), [i18n]);
}

/** The page's language. */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** An English address in the page's language: `/hubs` is `/fr/hubs` on a French page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}
