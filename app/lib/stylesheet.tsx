import { createContext, useContext } from "react";

/**
 * The app's stylesheet, written into the page (docs/decisions/022-first-paint-on-slow-networks.md).
 * entry.server provides the built file's text; the browser never needs it: React finds the
 * server's <style data-href> and keeps it (a style with `href` and `precedence` is a resource,
 * matched by its href, not by its text), so the text is not part of any script.
 */
export const StylesheetContext = createContext<string | null>(null);

/**
 * Whether this document has the stylesheet in it, read once in the browser: a client navigation
 * keeps what the document has (a <style> stays, a link stays), whatever the next page would have
 * been given on a document load; hydration renders what the server did.
 */
const inDocument =
  typeof document === "undefined" ? null : document.querySelector("style[data-precedence][data-href]") !== null;

/**
 * The app's stylesheet. Every public page has it as a <style> element in <head>, so its first
 * paint waits for the HTML alone, not for a second request (a round trip, and on a page that
 * hydrates a slow link shared with its modules): a hydrated page writes it once and then navigates
 * on the client; a content page (no JavaScript) carries it in each document, 9.7 KB gzipped, which
 * under devtools throttling on Slow 4G paints in about 0.85 s instead of 1.7 s (decision
 * 027). The signed-in app (used every day) links the file, which the browser keeps (immutable
 * caching). In development (Vite serves the CSS and updates it), a link.
 */
export function AppStylesheet({ href, nonce, inline }: { href: string; nonce: string | undefined; inline: boolean }) {
  const text = useContext(StylesheetContext);
  if (!(inDocument ?? inline) || import.meta.env.DEV) {
    return <link rel="stylesheet" href={href} precedence="default" />;
  }
  return (
    <style href={href} precedence="default" nonce={nonce}>
      {text ?? ""}
    </style>
  );
}
