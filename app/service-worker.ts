/**
 * The service worker (docs/decisions/027-flaky-networks.md), built by
 * scripts/build-service-worker.ts after `react-router build` (Serwist's injectManifest puts the
 * precache list in `self.__SW_MANIFEST`). What it does, and only this:
 * - precaches the build's hashed assets (JavaScript and CSS; the site uses the system's fonts, so
 *   there are no font files) and the offline page, and answers them from the cache; a page's texts
 *   (`assets/texts-*.js`, one file per page and language, decision 044) are cached when first
 *   fetched instead: a visitor reads one language and a few pages;
 * - page navigations go to the network, never to a cache, and a navigation the network cannot
 *   answer gets the offline page. No page's HTML and no data request (`.data`, a signed-in page's
 *   or anyone's) is ever stored: requests it does not precache pass through untouched.
 * - a new deploy's worker waits until the tabs of the old one are closed (no skipWaiting): a page
 *   loaded before the deploy keeps finding its own chunks in the old worker's precache.
 */
import { CacheFirst, ExpirationPlugin, NetworkOnly, type PrecacheEntry, Serwist } from "serwist";

declare const self: { __SW_MANIFEST: (PrecacheEntry | string)[] };

const isNavigation = ({ request }: { request: Request }) => request.mode === "navigate";
/** A page's texts: hashed, so a cached copy never goes stale; the oldest go past 100 files. */
const isPageTexts = ({ url }: { url: URL }) => url.pathname.startsWith("/assets/texts-");

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: false,
  // The first worker takes the open tabs at once (there is no older one whose chunks they need).
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    { matcher: isNavigation, handler: new NetworkOnly() },
    {
      matcher: isPageTexts,
      handler: new CacheFirst({ cacheName: "page-texts", plugins: [new ExpirationPlugin({ maxEntries: 100 })] }),
    },
  ],
  fallbacks: { entries: [{ url: "/offline.html", matcher: isNavigation }] },
});

serwist.addEventListeners();
