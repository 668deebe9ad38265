/**
 * A phone number as the app shows it: written in groups and never broken inside
 * ("+233 24 412 3456"), a `tel:` link to call it, and a WhatsApp link where it is a mobile. Made on
 * the server (lib/phone.ts's `phoneLink`, with libphonenumber's metadata), so no page's JavaScript
 * carries the metadata. Client-safe.
 */
export type PhoneLink = {
  /** Written in groups (+233 24 412 3456). */
  display: string;
  /** tel:+233244123456 */
  href: string;
  /** https://wa.me/233244123456 for a mobile number, else null. */
  whatsapp: string | null;
};
