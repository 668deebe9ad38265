import type { Translate } from "~/i18n/i18n";
import { EXPANSION, expansionWhen, FACILITY_GOAL, type NetworkFigures } from "./network-figures";
import { SITE } from "./site";

/** The press kit: ready-to-copy text, key facts and brand assets (spec sections 1, 2 and 9). */

export type CopyBlock = { id: string; title: string; text: string };

const name = SITE.name;

const nextCountries = EXPANSION.countries.join(", ").replace(/, ([^,]*)$/, " and $1");

/**
 * The copy blocks in the page's language (`t`, docs/decisions/044), with the facility and hub
 * counts from the database (decision 011).
 */
export const pressCopyBlocks = (figures: NetworkFigures, t: Translate): readonly CopyBlock[] => [
  {
    id: "one-line",
    title: t("One-line description"),
    text: t(
      "Qurhealth is a specialist telemedicine network that links specialist doctors anywhere in the world with trusted local facilities in Ghana and across Africa.",
    ),
  },
  {
    id: "short",
    title: t("Short boilerplate"),
    text: t("press.copy.short", { facilities: figures.ghanaFacilities, hubs: figures.hubs }),
  },
  {
    id: "long",
    title: t("Long boilerplate"),
    text: t("press.copy.long", {
      facilities: figures.ghanaFacilities,
      hubs: figures.hubs,
      live: figures.liveHubs,
      developing: figures.hubs - figures.liveHubs,
    }),
  },
  {
    id: "mission",
    title: t("Mission"),
    text: t("To bring specialist care to every patient in Africa through the local facilities they already trust."),
  },
];

/** The key facts in the page's language, with the counts from the database and no passed year promised. */
export const pressFacts = (
  figures: NetworkFigures,
  t: Translate,
  now = new Date(),
): readonly { term: string; detail: string }[] => [
  { term: t("Founded"), detail: String(SITE.founded) },
  { term: t("Headquarters"), detail: t(`${SITE.office.city}, ${SITE.office.country}`) },
  {
    term: t("Partner facilities"),
    detail: t("press.fact.facilities", {
      ghana: figures.ghanaFacilities,
      all: figures.facilities,
      goal: FACILITY_GOAL,
    }),
  },
  // One of two texts: with the planned year while it is ahead, "next" once it has passed.
  { term: t("Where"), detail: t(`Ghana (Accra, Kumasi, Takoradi); ${nextCountries} ${expansionWhen(now)}`) },
  { term: t("Specialties"), detail: "30+" },
  { term: t("Care plans"), detail: "1000+" },
  {
    term: t("Specialist hubs"),
    detail: t("press.fact.hubs", {
      hubs: figures.hubs,
      live: figures.liveHubs,
      developing: figures.hubs - figures.liveHubs,
    }),
  },
  { term: t("Apps"), detail: t("qurbook for patients and qurpro for doctors, both free") },
  { term: t("AI assistant"), detail: t("Sheela, for care coordination") },
  {
    term: t("Business model"),
    detail: t("Facilities join free and keep 80% of consultation fees; the network keeps 20%"),
  },
  { term: t("Stage"), detail: t("Pre-revenue") },
];

export const PRESS_ASSETS: readonly { id: string; title: string; format: string }[] = [
  { id: "logo", title: "Logo pack", format: "SVG and PNG, light and dark" },
  { id: "screenshots", title: "App screenshots", format: "qurbook and qurpro, PNG" },
  { id: "photos", title: "Team and facility photos", format: "JPEG, high resolution" },
  { id: "guidelines", title: "Brand guidelines", format: "PDF" },
];

export const PRESS = {
  title: "Press Kit",
  description: `Facts, ready-to-use descriptions and media contacts for writing about ${name}, the specialist telemedicine network for Ghana and Africa.`,
  eyebrow: "Press",
  heading: "Press kit",
  lead: `Everything you need to write about ${name}: descriptions you can copy as they are, the key facts, and who to call. Journalists can reach our press team at ${SITE.email.press}; we reply within 24 hours.`,
  assetsReason: `Downloads are switched off: brand files and photos are sent on request, so every outlet receives the current, approved versions and photos of patients and staff are used only with their consent. Email ${SITE.email.press} and we will send what you need within 24 hours.`,
} as const;
