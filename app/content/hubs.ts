/** Specialty hubs (spec section 3): fixed content, typed. Filled in by the public-site work. */
export type HubStatus = "live" | "coming-soon";

export type Hub = {
  id: string;
  title: string;
  description: string;
  /** Name of an inline-SVG icon in app/components/hub-icon.tsx. */
  icon: string;
  countries: string[];
  /** Tailwind classes for the hub's accent colour and background tint. */
  color: string;
  bgColor: string;
  specialties: string[];
  status: HubStatus;
  /** Live hubs only. */
  externalUrl?: string;
  /** Coming-soon hubs only, e.g. "Q1 2025". */
  launchDate?: string;
  salesPitch: { problem: string; agitation: string; solution: string; benefits: string[] };
  targetAudience: string[];
  foundingMemberPerks: string[];
  foundingMemberCapacity: number;
  foundingMembersTaken: number;
};

export const HUBS: readonly Hub[] = [];

export function getHub(id: string): Hub | undefined {
  return HUBS.find((hub) => hub.id === id);
}
