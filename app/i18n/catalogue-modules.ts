import type { Messages } from "@lingui/core";
import type { Locale } from "./locales";

type CatalogueModule = () => Promise<{ default: Messages }>;

/**
 * Each page language's compiled catalogue, a module of its own (the browser fetches only the page's),
 * in two parts (decision 044): the public site's texts, and the signed-in platform's (`#, platform`),
 * which only the platform's pages load.
 */
export const CATALOGUES: Record<Locale, { site: CatalogueModule; platform: CatalogueModule }> = {
  en: { site: () => import("./catalogues/en.po"), platform: () => import("./catalogues/en.po?platform") },
  fr: { site: () => import("./catalogues/fr.po"), platform: () => import("./catalogues/fr.po?platform") },
};

/** The catalogue parts a page needs: the site's, and on the platform's pages the platform's too. */
export type CataloguePart = keyof (typeof CATALOGUES)[Locale];
