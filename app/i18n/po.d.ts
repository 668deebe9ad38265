/** A gettext catalogue, compiled for the i18n runtime by scripts/vite-po-catalogue.ts. */
declare module "*.po" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}

/** The signed-in platform's part of a catalogue, in the browser (scripts/vite-po-catalogue.ts). */
declare module "*.po?platform" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}

/** Each public page's texts in the browser, by language (scripts/vite-po-catalogue.ts, decision 044). */
declare module "virtual:page-texts" {
  type CatalogueModule = () => Promise<{ default: import("@lingui/core").Messages }>;
  /** Per language, `shell` and each public page that has texts of its own, by its English address pattern (`/hub/:hubId`). */
  export const PAGE_TEXTS: Readonly<Record<"en" | "fr", Readonly<Record<string, CatalogueModule | undefined>>>>;
}
