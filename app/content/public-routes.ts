/** Indexable public pages, for the sitemap (hub and facility pages are added from data). */
export const PUBLIC_PATHS = [
  "/",
  "/hubs",
  "/facilities",
  "/apps",
  "/for-facilities",
  "/about",
  "/contact",
  "/careers",
  "/press-kit",
  "/investment-opportunities",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/security",
] as const;
