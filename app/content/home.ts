import type { IconName } from "~/components/marketing/icon";
import { FACILITY_GOAL, type NetworkFigures } from "./network-figures";
import { SITE } from "./site";

/** Home page copy (spec section 2, Home; facts from sections 1 and 9). */

export const HOME_META = {
  title: `${SITE.name}: specialist care through local facilities in Ghana`,
  description: `${SITE.name} links specialist doctors anywhere in the world with trusted local facilities, so patients in Ghana and across Africa get specialist care close to home.`,
};

export const HERO = {
  eyebrow: "Specialist telemedicine network · Ghana first",
  title: "Specialist care for every patient, through the facility they already trust",
  intro:
    "We connect specialist doctors, wherever they practise, with local hospitals and clinics in Ghana, so patients see the right specialist without leaving their community.",
  primary: { label: "Find a Facility", to: "/facilities" },
  secondary: { label: "Explore Specialty Hubs", to: "/hubs" },
};

export type AudienceCard = { icon: IconName; title: string; description: string; cta: string; to: string };

export const AUDIENCES: AudienceCard[] = [
  {
    icon: "heart-pulse",
    title: "Patients and families",
    description: "Book specialist consultations at a facility near you and keep your care plan in your pocket.",
    cta: "Get qurbook",
    to: "/apps#qurbook",
  },
  {
    icon: "stethoscope",
    title: "Doctors and specialists",
    description: "Receive referrals from trusted facilities, consult by video and earn per consultation.",
    cta: "Get qurpro",
    to: "/apps#qurpro",
  },
  {
    icon: "hospital",
    title: "Healthcare facilities",
    description: "Join free, offer specialist care on site and keep 80% of every consultation fee.",
    cta: "Partner with us",
    to: "/for-facilities",
  },
];

export const JOURNEY = {
  title: "How a referral becomes specialist care",
  intro: "Five steps, with the patient's local facility involved from the first visit to the last follow-up.",
  steps: [
    {
      title: "A patient needs a specialist",
      description: "A patient visits a local clinic or hospital with a condition that calls for specialist care.",
    },
    {
      title: "The local facility refers",
      description: "The facility's doctor creates a referral with the history, notes and urgency in one place.",
    },
    {
      title: "A global specialist engages",
      description: "A verified specialist in Ghana or abroad reviews the case and consults by video.",
    },
    {
      title: "Local coordination",
      description: "The facility carries out tests and treatment on site, guided by the specialist's plan.",
    },
    {
      title: "Ongoing collaboration",
      description: "Specialist and local team follow the patient together, with Sheela keeping follow-ups on track.",
    },
  ],
};

export const VALUE = {
  title: "Value for everyone in the network",
  columns: [
    {
      icon: "hospital" as IconName,
      title: "For facilities",
      points: [
        "Join free, with no upfront or monthly fees",
        "Keep 80% of consultation fees",
        "Offer specialties you could not staff alone",
        "Keep patients in your care instead of losing them to distant referrals",
      ],
    },
    {
      icon: "stethoscope" as IconName,
      title: "For doctors",
      points: [
        "Earn per consultation, paid transparently",
        "Receive referrals with the history attached",
        "Practise from anywhere in the world",
        "Join specialty hubs with your peers",
      ],
    },
    {
      icon: "heart-pulse" as IconName,
      title: "For patients",
      points: [
        "See a specialist at a facility you know",
        "Spend less on travel and time off work",
        "Keep one care plan shared by your doctors",
        "Free qurbook app for bookings and reminders",
      ],
    },
  ],
};

export const STATS = {
  title: "A growing network",
  intro: `Founded in ${SITE.founded} and building carefully, one verified partner at a time.`,
  items: [
    { value: "30+", label: { key: "Specialties" }, note: { key: "Across the network" } },
    { value: "1000+", label: { key: "Care plans" }, note: { key: "Coordinated with local teams" } },
  ] as Stat[],
  problem: {
    value: "3.6 billion",
    label: "people worldwide live without access to specialist care. We start with Ghana.",
  },
};

export const HUBS_SECTION = {
  title: "Specialist hubs",
  intro: "Communities of specialists focused on one area of care, each working with local facilities.",
  cta: { label: "View all 10 hubs", to: "/hubs" },
};

export const TECHNOLOGY = {
  title: "Technology and safety",
  intro: "Care across borders only works when patients, doctors and facilities can trust it.",
  items: [
    {
      icon: "sparkles" as IconName,
      title: "Sheela, AI care coordination",
      description:
        "Our care-coordination assistant schedules follow-ups, sends reminders and chases results. Clinical decisions stay with doctors.",
    },
    {
      icon: "video" as IconName,
      title: "Telemedicine partner platform",
      description: "Consultations run on the platform of our telemedicine partner, built for video on mobile networks.",
    },
    {
      icon: "shield-check" as IconName,
      title: "Verified doctors",
      description: "Every doctor is approved by our team before they can create or receive referrals.",
    },
    {
      icon: "lock" as IconName,
      title: "Private by design",
      description:
        "Patient records are visible only to the referring doctor, the receiving facility and our administrators, in line with Ghana's Data Protection Act 2012 (Act 843).",
    },
  ],
};

export const APPS_SECTION = {
  title: "Two free apps",
  intro: "One for patients, one for doctors, both connected to the same network of facilities.",
};

export const CLOSING = {
  title: "Bring specialist care closer to home",
  intro: "Whether you are a patient, a doctor or a facility, there is a place for you in the network.",
  primary: { label: "Get Started", to: "/auth" },
  secondary: { label: "Talk to Us", to: "/contact" },
};

/**
 * A figure of the network stats; its label and note are catalogue messages (i18n/catalogues). A
 * written figure ("30+") is a catalogue text too; a counted one is a number, written in the page's
 * language.
 */
export type Stat = {
  value: string | number;
  label: { key: string; values?: Record<string, number | string> };
  note: { key: string; values?: Record<string, number | string> };
};

/** The network stats' facility figure, counted in the database (decision 011). */
export function facilitiesStat(figures: NetworkFigures): Stat {
  return {
    value: figures.ghanaFacilities,
    label: { key: "home.stat.ghanaFacilities", values: { count: figures.ghanaFacilities } },
    note: { key: "home.stat.facilitiesNote", values: { count: figures.facilities, goal: FACILITY_GOAL } },
  };
}

/** The network stats' hub figure, from the hubs as they are now (decision 021). */
export function hubsStat(hubs: ReadonlyArray<{ status: string }>): Stat {
  const live = hubs.filter((h) => h.status === "live").length;
  return {
    value: hubs.length,
    label: { key: "Specialist hubs" },
    note: { key: "home.stat.hubsNote", values: { live, developing: hubs.length - live } },
  };
}
