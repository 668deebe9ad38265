/** A gettext catalogue, compiled for the i18n runtime by scripts/vite-po-catalogue.ts. */
declare module "*.po" {
  const messages: import("@lingui/core").Messages;
  export default messages;
}
