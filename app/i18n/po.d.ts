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
