import { EXPANSION, expansionLabel, FACILITY_GOAL, type NetworkFigures } from "./network-figures";
import { SITE } from "./site";

/** A catalogue message with its values (app/i18n/catalogues). */
export type Message = { key: string; values?: Record<string, number | string> };

/** The about page (spec sections 1 and 9); each text is the key of its translations. */
export const ABOUT = {
  title: "About Us",
  description: `${SITE.name} links specialist doctors anywhere in the world with trusted local facilities so patients in Ghana, and next in Nigeria, Kenya and South Africa, get specialist care close to home.`,
  eyebrow: `About ${SITE.name}`,
  heading: "Specialist care, close to home",
  lead: `Founded in ${SITE.founded}, ${SITE.name} is a specialist telemedicine network that starts in Ghana. We connect specialists, wherever they practise, with trusted local facilities, so a patient can see a specialist without leaving their community.`,
  problem: {
    heading: "Why we exist",
    stat: "3.6 billion",
    statLabel: "people live without access to specialist care",
    paragraphs: [
      "In much of Africa a patient who needs a cardiologist, an oncologist or a psychiatrist faces a long journey, a long wait, or no specialist at all. Local clinics and hospitals see these patients every day, but rarely have the specialist on hand.",
      "The specialists exist: in regional hospitals, in other countries, in the diaspora. What is missing is a trusted way for them to work with the facility in front of the patient. That is what we build.",
    ],
  },
  journey: {
    heading: "How care moves through the network",
    steps: [
      {
        title: "A patient needs a specialist",
        description: "A patient visits their local clinic or hospital with a condition that needs specialist input.",
      },
      {
        title: "The local facility refers",
        description:
          "The doctor creates a referral on the platform: the patient's details, the chief complaint and how urgent it is.",
      },
      {
        title: "A specialist engages",
        description: "A specialist in the right field, in Ghana or abroad, reviews the case and advises on care.",
      },
      {
        title: "Care is coordinated locally",
        description:
          "The facility carries out the plan with the patient, close to home, supported by our care-coordination assistant, Sheela.",
      },
      {
        title: "Collaboration continues",
        description:
          "Specialist and facility keep working together on follow-up, so the patient is not lost between visits.",
      },
    ],
  },
  audiences: {
    heading: "Who we serve",
    items: [
      {
        title: "Patients and families",
        description:
          "Specialist advice through the facility you already know, and the free qurbook app to follow your care.",
        href: "/apps#qurbook",
        cta: "About qurbook",
      },
      {
        title: "Doctors and specialists",
        description:
          "Refer patients in minutes, reach patients across Africa, and earn for every consultation with the free qurpro app.",
        href: "/apps#qurpro",
        cta: "About qurpro",
      },
      {
        title: "Healthcare facilities",
        description:
          "Join free, offer specialist care your patients would otherwise travel for, and keep 80% of consultation fees.",
        href: "/for-facilities",
        cta: "For facilities",
      },
    ],
  },
  stats: {
    heading: "The network today",
    /** The facility and hub counts are the database's (decision 011). */
    items: (figures: NetworkFigures): { value: string; label: Message }[] => [
      { value: String(SITE.founded), label: { key: "Founded" } },
      {
        value: String(figures.ghanaFacilities),
        label: { key: "about.stat.ghanaFacilities", values: { count: figures.ghanaFacilities, goal: FACILITY_GOAL } },
      },
      { value: "30+", label: { key: "Specialties" } },
      { value: "1000+", label: { key: "Care plans" } },
      {
        value: String(figures.hubs),
        label: {
          key: "about.stat.hubs",
          values: { live: figures.liveHubs, developing: figures.hubs - figures.liveHubs },
        },
      },
    ],
  },
  technology: {
    heading: "Technology that serves the care team",
    items: [
      {
        title: "Sheela, our AI care-coordination assistant",
        description:
          "Helps care teams keep follow-ups, messages and next steps on track. Clinical decisions stay with clinicians.",
      },
      {
        title: "A telemedicine platform partner",
        description:
          "We work in partnership with a telemedicine platform provider, so consultations run on proven infrastructure.",
      },
      {
        title: "Two free mobile apps",
        description: "qurbook for patients and qurpro for doctors, built for phones and slow mobile networks.",
      },
    ],
  },
  model: {
    heading: "A model that keeps care local",
    paragraphs: [
      "Facilities join free and keep 80% of consultation fees; the network keeps 20% to run the platform and recruit specialists. Doctors earn for every consultation, and for every completed referral they receive ₵70 of the fixed ₵100 referral fee.",
    ],
  },
  reach: {
    heading: "Where we work",
    now: { label: `Ghana, since ${SITE.founded}`, places: ["Accra", "Kumasi", "Takoradi"] },
    /** A planned year that has passed is not a promise. */
    next: (now = new Date()) => ({ label: expansionLabel(now), places: [...EXPANSION.countries] }),
  },
  values: {
    heading: "What we hold ourselves to",
    items: [
      {
        title: "Patients first",
        description: "Every feature answers one question: does this get the patient better care, sooner?",
      },
      {
        title: "Local facilities lead",
        description:
          "Care happens where the patient lives. We strengthen local clinics and hospitals; we do not replace them.",
      },
      {
        title: "Trust is earned",
        description:
          "Doctors are verified, facilities approved, and patient data seen only by the people caring for that patient.",
      },
      { title: "Fair for everyone", description: "Free to join, clear fees, and doctors paid for the work they do." },
    ],
  },
  cta: {
    heading: "Work with us",
    text: "Whether you run a facility, practise as a specialist or want to build the network with us, we would like to hear from you.",
    links: [
      { label: "Contact us", href: "/contact", primary: true },
      { label: "See open roles", href: "/careers", primary: false },
    ],
  },
} as const;
