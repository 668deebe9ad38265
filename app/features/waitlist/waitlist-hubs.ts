import type { Hub } from "~/content/hubs";

/** A hub that accepts waitlist sign-ups: one that exists and is coming soon (decisions section 5). */
export function asWaitlistHub(hub: Hub | undefined): Hub | undefined {
  return hub?.status === "coming-soon" ? hub : undefined;
}

/** The hub waitlist pages, for the sitemap. */
export function waitlistHubPaths(hubs: readonly Hub[]): string[] {
  return hubs.filter((hub) => hub.status === "coming-soon").map((hub) => `/hub/${hub.id}`);
}
