/** The spec's redirects (section 2): permanent, to exact targets, fragments included. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  "/referrals": "/referrals/create",
  "/doctors": "/apps",
  "/login": "/auth",
  "/signup": "/auth",
  "/privacy": "/privacy-policy",
  "/terms": "/terms-of-service",
  "/qurbook": "/apps#qurbook",
  "/qurpro": "/apps#qurpro",
  "/qurplus": "/apps",
  "/products": "/apps",
  "/features": "/about",
  "/blog": "/about",
  "/pricing": "/contact",
  "/demo": "/contact",
};
