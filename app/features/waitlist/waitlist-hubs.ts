import { getHub, HUBS, type Hub } from "~/content/hubs";

/** A hub that accepts waitlist sign-ups: one that exists and is coming soon (decisions section 5). */
export function getWaitlistHub(id: string, find: (id: string) => Hub | undefined = getHub): Hub | undefined {
  const hub = find(id);
  return hub?.status === "coming-soon" ? hub : undefined;
}

/** The hub waitlist pages, for the sitemap. */
export function waitlistHubPaths(hubs: readonly Hub[] = HUBS): string[] {
  return hubs.filter((hub) => hub.status === "coming-soon").map((hub) => `/hub/${hub.id}`);
}
