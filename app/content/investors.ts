import { databaseText } from "~/i18n/database-text";
import { type Translate, translator } from "~/i18n/i18n";
import { launchDateIn } from "~/i18n/launch-date-in";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import type { Hub } from "./hubs";
import { TERMS_FIGURES } from "./legal";
import { EXPANSION, FACILITY_GOAL, type NetworkFigures } from "./network-figures";
import { SITE } from "./site";

/**
 * The investor pitch (spec section 2, with the figures of sections 1 and 9). The hubs' statuses and
 * launch dates are not written here: they come from the hubs as they are now (`investorHubFigures`).
 * Each text is the key of its translations (docs/decisions/044): the page passes it through the
 * catalogue; the texts with figures are built in the page's language by `investorHubFigures`.
 */
const name = SITE.name;

/** What the pitch needs of each hub (the pages read the hubs from the database). */
export type InvestorHub = Pick<Hub, "id" | "title" | "titleFr" | "status" | "launchDate">;

export const INVESTORS = {
  title: "Investment Opportunities",
  description: `Invest in ${name}: a specialist telemedicine network for Africa. Unit economics, traction, projections to 500 facilities, and a $500K-2M funding round.`,
  eyebrow: "Investors",
  heading: "Invest in specialist care for Africa",
  investHref: `mailto:${SITE.email.invest}?subject=${encodeURIComponent("Investment enquiry")}`,

  /** The lead and the summary count the facilities and hubs in the database (decisions 011 and 021): `investorHubFigures`. */
  summary: { heading: "Executive summary" },

  problem: {
    heading: "The problem",
    stat: "3.6 billion",
    statLabel: "people live without access to specialist care",
    points: [
      "Specialists are concentrated in a few city hospitals; patients elsewhere travel far, wait long, or go without.",
      "Local clinics and hospitals see these patients every day but rarely have a specialist on hand, and lose them to distant referral centres.",
      "Specialists who could help, including many in the diaspora, have no trusted way to work with those facilities.",
    ],
  },

  model: {
    heading: "A three-network model",
    lead: "Each network makes the other two more valuable.",
    networks: [
      {
        title: "Specialists",
        description:
          "Doctors in Ghana, across Africa and in the diaspora reach patients they could not otherwise treat, and earn for every consultation through the free qurpro app.",
      },
      {
        title: "Facilities",
        description:
          "Clinics and hospitals join free, offer specialist care locally and keep 80% of consultation fees, instead of losing patients to distant referral centres.",
      },
      {
        title: "Patients",
        description:
          "Patients get specialist care through the facility they already trust, coordinated by Sheela, our AI assistant, and followed in the free qurbook app.",
      },
    ],
  },

  economics: {
    heading: "Business model and unit economics",
    lead: `Revenue comes from a 20% share of consultation fees, plus a partner platform fee of ${TERMS_FIGURES.platformFeePerActivePatient} per active patient per month. The first ${TERMS_FIGURES.foundingClinics} clinics get free lifetime access and pay the ${TERMS_FIGURES.feeSharePercent}% revenue share only.`,
    perConsultation: [
      { term: "Consultation fee", detail: "$50-150" },
      { term: `${name} share (20%)`, detail: "$10-30" },
      { term: "Facility share (80%)", detail: "$40-120" },
      { term: `Net to ${name} per consultation`, detail: "$8-28" },
    ],
    breakeven: [
      { term: "Breakeven", detail: "2-3 consultations per facility per month" },
      { term: "Target", detail: "20-30 consultations per facility per month" },
      {
        term: "Platform fee",
        detail: `${TERMS_FIGURES.platformFeePerActivePatient} per active patient per month plus a ${TERMS_FIGURES.feeSharePercent}% fee share`,
      },
      { term: "Premium marketing", detail: "20% commission on confirmed bookings; no upfront or monthly fees" },
    ],
  },

  traction: {
    heading: "Traction",
    /** After the facilities' and the hubs' figures, from the database (`investorHubFigures`). */
    items: [
      { value: "30+", label: "specialties covered" },
      { value: "1000+", label: "care plans" },
      { value: "2", label: "free mobile apps: qurbook for patients, qurpro for doctors" },
      { value: "1", label: "telemedicine platform partnership" },
    ],
    note: `Founded in ${SITE.founded}. Pre-revenue. Sheela, our AI care-coordination assistant, supports care teams across the network.`,
  },

  projections: {
    heading: "Financial projections",
    lead: "Monthly revenue ranges follow from the unit economics above and the number of partner facilities.",
    rows: [
      { year: "Year 1", facilities: "50", monthlyRevenue: "$125K-375K" },
      { year: "Year 2", facilities: "200", monthlyRevenue: "$500K-1.5M" },
      { year: "Year 3", facilities: "500", monthlyRevenue: "$1.25M-3.75M" },
    ],
  },

  ask: {
    heading: "The funding ask",
    amount: "$500K-2M",
    lead: "To take the network from 12 to 50 facilities in Ghana in the first year, then into Nigeria, Kenya and South Africa.",
    uses: [
      { percent: 50, label: "Recruitment", detail: "Facility partnerships and specialist recruitment for the hubs" },
      { percent: 30, label: "Operations", detail: "Care coordination, partner onboarding and support" },
      {
        percent: 20,
        label: "Technology and compliance",
        detail: "The platform, the apps, security and data protection",
      },
    ],
  },

  whyNow: {
    heading: "Why now",
    items: [
      "Smartphones and mobile internet now reach patients and clinicians in towns that specialist centres do not.",
      "Mobile money lets patients and facilities pay and be paid without a bank branch.",
      "Patients, doctors and regulators have accepted remote consultations since the COVID-19 pandemic.",
      "Specialists in the diaspora want practical ways to serve patients at home.",
      "Private facilities are looking for new services and revenue that keep patients local.",
    ],
  },

  roadmap: {
    heading: "Specialty roadmap",
    lead: "Five priority specialties, delivered through the network's specialist hubs.",
    /** Each specialty's hubs (their public ids); their status and launch date come from the hubs. */
    items: [
      { specialty: "Cardiology and hypertension", hubs: ["hypertension-heart"] },
      { specialty: "Oncology", hubs: ["breast-cancer-care", "cervical-cancer", "prostate-cancer"] },
      { specialty: "Diabetes and endocrinology", hubs: ["diabetes-care"] },
      { specialty: "Maternal and child health", hubs: ["maternal-child-health"] },
      { specialty: "Mental health", hubs: ["mental-health"] },
    ],
  },

  exits: {
    heading: "Exit paths",
    items: [
      {
        title: "Strategic acquisition",
        description: "By a telemedicine or digital health company entering or growing in African markets.",
      },
      {
        title: "Healthcare groups and insurers",
        description:
          "Hospital groups, pharmacy chains or health insurers that want a ready referral network and patient base.",
      },
      {
        title: "Regional consolidation",
        description: "A merger with another pan-African health platform to build a continental network.",
      },
      {
        title: "Public listing",
        description: "A longer-term option once the network operates at scale in several countries.",
      },
    ],
  },

  cta: {
    heading: "Let's talk",
    text: "Ask for the full deck and financial model, or book a call with the founders.",
  },

  disclaimer:
    "Projections are forward-looking estimates based on the assumptions shown, not guarantees. This page is information, not an offer to sell or a solicitation to buy securities.",
} as const;

/** Where a hub stands: live, launching on a date still ahead ("Q2 2027"), or launching soon. */
function hubStanding(hub: InvestorHub): { standing: "live" | "soon" | "date"; date: string } {
  if (hub.status === "live") return { standing: "live", date: "" };
  return hub.launchDate ? { standing: "date", date: hub.launchDate } : { standing: "soon", date: "" };
}

/**
 * A roadmap line from the hubs as they are, in the page's language: "Breast Cancer Care hub: live.
 * Cervical Cancer Prevention and Prostate Cancer Care hubs: launching soon". A hub no longer listed
 * is left out; a hub's French title is used on a French page where it is written.
 */
export function roadmapHubsLine(
  ids: readonly string[],
  hubs: readonly InvestorHub[],
  t: Translate = translator("en"),
  locale: Locale = "en",
): string {
  const groups = new Map<string, { standing: ReturnType<typeof hubStanding>; titles: string[] }>();
  for (const id of ids) {
    const hub = hubs.find((h) => h.id === id);
    if (!hub) continue;
    const standing = hubStanding(hub);
    const key = `${standing.standing} ${standing.date}`;
    const group = groups.get(key) ?? { standing, titles: [] };
    group.titles.push(databaseText(locale, hub.title, hub.titleFr).text);
    groups.set(key, group);
  }
  const list = new Intl.ListFormat(INTL_LOCALE[locale], { type: "conjunction" });
  return [...groups.values()]
    .map(({ standing, titles }) =>
      t("investors.roadmap.hubs", {
        count: titles.length,
        names: list.format(titles),
        standing: standing.standing,
        date: standing.date ? launchDateIn(locale, standing.date) : "",
      }),
    )
    .join(". ");
}

/**
 * The pitch's texts with figures, from the hubs and facilities as they are now (decision 021: an
 * administrator launches a hub or moves its date, and the page follows; decision 011: the counts are the
 * database's), in the page's language (`t`, `locale`): the lead, the summary, the traction list
 * and the roadmap. A planned expansion year that has passed is not promised ("next").
 */
export function investorHubFigures(
  hubs: readonly InvestorHub[],
  facilities: Omit<NetworkFigures, "hubs" | "liveHubs">,
  t: Translate = translator("en"),
  locale: Locale = "en",
  now = new Date(),
) {
  const figures: NetworkFigures = {
    ...facilities,
    hubs: hubs.length,
    liveHubs: hubs.filter((h) => h.status === "live").length,
  };
  const developing = figures.hubs - figures.liveHubs;
  const ahead = EXPANSION.plannedYear >= now.getUTCFullYear();
  return {
    lead: t("investors.lead", { count: figures.ghanaFacilities }),
    summary: [
      t("investors.summary.reach", { ahead: ahead ? "yes" : "no", year: String(EXPANSION.plannedYear) }),
      t("investors.summary.network", {
        founded: String(SITE.founded),
        ghana: figures.ghanaFacilities,
        hubs: figures.hubs,
        live: figures.liveHubs,
        developing,
      }),
    ],
    traction: [
      {
        value: String(figures.ghanaFacilities),
        label: t("investors.traction.facilities", {
          ghana: figures.ghanaFacilities,
          all: figures.facilities,
          goal: FACILITY_GOAL,
        }),
      },
      {
        value: String(figures.hubs),
        label: t("investors.traction.hubs", { live: figures.liveHubs, developing }),
      },
    ],
    roadmap: INVESTORS.roadmap.items.map((item) => ({
      specialty: item.specialty,
      hubs: roadmapHubsLine(item.hubs, hubs, t, locale),
    })),
  };
}
