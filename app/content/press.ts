import {
  EXPANSION,
  expansionWhen,
  FACILITY_GOAL,
  facilitiesCount,
  hubStatuses,
  type NetworkFigures,
  specialistHubs,
} from "./network-figures";
import { SITE } from "./site";

/** The press kit: ready-to-copy text, key facts and brand assets (spec sections 1, 2 and 9). */

export type CopyBlock = { id: string; title: string; text: string };

const name = SITE.name;

const nextCountries = EXPANSION.countries.join(", ").replace(/, ([^,]*)$/, " and $1");

/** The copy blocks, with the facility and hub counts from the database (issue 28). */
export const pressCopyBlocks = (figures: NetworkFigures): readonly CopyBlock[] => [
  {
    id: "one-line",
    title: "One-line description",
    text: `${name} is a specialist telemedicine network that links specialist doctors anywhere in the world with trusted local facilities in Ghana and across Africa.`,
  },
  {
    id: "short",
    title: "Short boilerplate",
    text: `${name} links specialist doctors anywhere in the world with trusted local facilities, so patients in Ghana, and next in Nigeria, Kenya and South Africa, can get specialist care close to home. Founded in ${SITE.founded}, the network works with ${facilitiesCount(figures.ghanaFacilities)} in Ghana, covers more than 30 specialties and runs ${specialistHubs(figures)}.`,
  },
  {
    id: "long",
    title: "Long boilerplate",
    text: `${name} is a specialist telemedicine network founded in ${SITE.founded} in Accra, Ghana. An estimated 3.6 billion people live without access to specialist care; ${name} closes that gap by connecting specialists, wherever they practise, with the local clinics and hospitals patients already trust. Local doctors refer patients through the ${name} referral platform, specialists engage on the case, and care is coordinated locally with the help of Sheela, the network's AI care-coordination assistant. Facilities join free and keep 80% of consultation fees. The network works with ${facilitiesCount(figures.ghanaFacilities)} in Ghana, covers more than 30 specialties with over 1,000 care plans, and runs ${specialistHubs(figures)}, ${hubStatuses(figures).replace(", ", " and ")}. Patients use the free qurbook app and doctors the free qurpro app. ${name} works in partnership with a telemedicine platform provider and is expanding to Nigeria, Kenya and South Africa.`,
  },
  {
    id: "mission",
    title: "Mission",
    text: "To bring specialist care to every patient in Africa through the local facilities they already trust.",
  },
];

/** The key facts, with the counts from the database and no passed year promised (issue 28). */
export const pressFacts = (figures: NetworkFigures, now = new Date()): readonly { term: string; detail: string }[] => [
  { term: "Founded", detail: String(SITE.founded) },
  { term: "Headquarters", detail: `${SITE.office.city}, ${SITE.office.country}` },
  {
    term: "Partner facilities",
    detail: `${figures.ghanaFacilities} in Ghana (${figures.facilities} in the network), growing to ${FACILITY_GOAL}`,
  },
  { term: "Where", detail: `Ghana (Accra, Kumasi, Takoradi); ${nextCountries} ${expansionWhen(now)}` },
  { term: "Specialties", detail: "30+" },
  { term: "Care plans", detail: "1000+" },
  { term: "Specialist hubs", detail: `${figures.hubs}: ${hubStatuses(figures)}` },
  { term: "Apps", detail: "qurbook for patients and qurpro for doctors, both free" },
  { term: "AI assistant", detail: "Sheela, for care coordination" },
  { term: "Business model", detail: "Facilities join free and keep 80% of consultation fees; the network keeps 20%" },
  { term: "Stage", detail: "Pre-revenue" },
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
