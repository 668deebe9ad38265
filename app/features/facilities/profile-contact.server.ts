import { parsePhone } from "~/lib/phone";
import { parseFacilityFilters } from "./facility-filters";
import { telHref } from "./facility-format";
import { facilitiesSearch } from "./facility-options";

/** A facility's phone as the profile shows it (issue 28): grouped, its tel: link, and WhatsApp for a mobile. */
export type ProfilePhone = {
  /** Written in groups (+233 30 276 4100), shown unbroken. */
  display: string;
  /** tel:+233302764100 */
  href: string;
  /** https://wa.me/233244102200 for a number that can receive WhatsApp (a mobile), else null. */
  whatsapp: string | null;
};

/** The profile's phones, read with libphonenumber (a Ghanaian number without its country code is read as one). */
export function phonesOf(phones: readonly string[]): ProfilePhone[] {
  return phones.map((typed) => {
    const any = parsePhone(typed);
    const mobile = parsePhone(typed, { mobile: true });
    if (!any.ok) return { display: typed, href: telHref(typed), whatsapp: null };
    return {
      display: any.display,
      href: `tel:${any.e164}`,
      whatsapp: mobile.ok ? `https://wa.me/${mobile.e164.slice(1)}` : null,
    };
  });
}

/**
 * The directory address a profile was opened from (`?from=` on the card's link), rebuilt from the
 * directory's own filters so only a /facilities address can come out (never another site or
 * path); null without one.
 */
export function directoryAddress(from: string | null): string | null {
  if (from === null || from.length > 500) return null;
  const search = facilitiesSearch(parseFacilityFilters(new URLSearchParams(from)));
  return `/facilities${search}`;
}
