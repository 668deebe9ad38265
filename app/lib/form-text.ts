/**
 * A posted text value as the forms store it. U+0000 is dropped: PostgreSQL text cannot hold it
 * (the insert would fail with a server error), and no one types it into a form. Client-safe.
 */
export function formText(value: string): string {
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}
