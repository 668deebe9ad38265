/*
 * The drawn illustrations a facility shows until a photo is uploaded (public/images/facilities/,
 * about 1 KB each), bundled with the server. A profile draws its illustration from the page's own
 * HTML: on a slow mobile network the picture at the top of the page then needs no second round
 * trip (decision 022: the profile's largest paint under devtools throttling was 1.3 s, the HTML's
 * text 0.8 s). A photo stays a file: it is larger, and the browser keeps it.
 */
const FILES = import.meta.glob<string>("/public/images/facilities/*.svg", {
  query: "?raw",
  import: "default",
  eager: true,
});

/** Above this, an image is worth its own request (and the browser's cache). */
const MAX_INLINE_BYTES = 4096;

const BY_ADDRESS = new Map(
  Object.entries(FILES)
    .filter(([, svg]) => Buffer.byteLength(svg) <= MAX_INLINE_BYTES)
    .map(([file, svg]) => [file.replace(/^\/public/, ""), `data:image/svg+xml,${encodeURIComponent(svg.trim())}`]),
);

/** The illustration at `address` (e.g. /images/facilities/x.svg) as a data: address, or null for any other image. */
export function inlineIllustration(address: string): string | null {
  return BY_ADDRESS.get(address) ?? null;
}
