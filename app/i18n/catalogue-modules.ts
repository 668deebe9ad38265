import type { Messages } from "@lingui/core";
import type { Locale } from "./locales";

type CatalogueModule = () => Promise<{ default: Messages }>;

/**
 * Each page language's compiled catalogue in the browser (the browser fetches only the page's
 * language), in two parts (decision 044): the public site's texts, and the signed-in platform's
 * (`#, platform`). The platform's pages load both.
 */
export const CATALOGUES: Record<Locale, { site: CatalogueModule; platform: CatalogueModule }> = {
  en: { site: () => import("./catalogues/en.po"), platform: () => import("./catalogues/en.po?platform") },
  fr: { site: () => import("./catalogues/fr.po"), platform: () => import("./catalogues/fr.po?platform") },
};

/** The catalogue parts a platform page needs: the site's, and the platform's. */
export type CataloguePart = keyof (typeof CATALOGUES)[Locale];
