import type { Hub } from "~/content/hubs";

/** A hub that accepts waitlist sign-ups: one that exists and is coming soon (decisions section 5). */
export function asWaitlistHub(hub: Hub | undefined): Hub | undefined {
  return hub?.status === "coming-soon" ? hub : undefined;
}

/** Every hub's page, launched or not yet (a hub keeps its address), for the sitemap. */
export function hubPagePaths(hubs: readonly Hub[]): string[] {
  return hubs.map((hub) => `/hub/${hub.id}`);
}
