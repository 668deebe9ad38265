import { phoneLink } from "~/lib/phone";
import type { PhoneLink } from "~/lib/phone-link";
import { parseFacilityFilters } from "./facility-filters";
import { facilitiesSearch } from "./facility-options";

/** A facility's phone as the profile shows it: grouped, its tel: link, and WhatsApp for a mobile. */
export type ProfilePhone = PhoneLink;

/** The profile's phones, read with libphonenumber (a Ghanaian number without its country code is read as one). */
export function phonesOf(phones: readonly string[]): ProfilePhone[] {
  return phones.map(phoneLink);
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
