/**
 * A posted text value as the forms store it. U+0000 is dropped: PostgreSQL text cannot hold it
 * (the insert would fail with a server error), and no one types it into a form. Client-safe.
 */
export function formText(value: string): string {
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

/*
 * Text that other people read. The schemas of every form whose text is shown to
 * someone else (messages, reasons, names, profiles, reports) read it through these, so the rule
 * lives here once and holds in the browser and in the domain alike.
 */

/** Bidirectional embeddings, overrides and isolates: they make text show in another order than typed ("report‮fdp.exe"). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Free text shown to others: as `formText`, without bidirectional override and isolate characters. */
export function shownText(value: string): string {
  return formText(value).replace(BIDI_CONTROLS, "");
}

/** A name: shown text on one line (line breaks, tabs and other control characters become a space). */
export function nameText(value: string): string {
  return shownText(value).replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

/**
 * Characters that show nothing: white space, control and format characters (zero-width space and
 * joiners, word joiner, soft hyphen, byte-order mark, tags), combining marks with nothing to sit
 * on, and the blank letters some scripts have (Hangul fillers, the braille blank).
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether the text shows anything at all (a message of zero-width spaces does not). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}
