import type { Messages } from "@lingui/core";
import type { Locale } from "./locales";

/** Each page language's compiled catalogue, a module of its own (the browser fetches only the page's). */
export const CATALOGUES: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import("./catalogues/en.po"),
  fr: () => import("./catalogues/fr.po"),
};
