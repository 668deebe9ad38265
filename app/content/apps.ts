import { SITE } from "./site";

/** The two free mobile apps (spec section 3, "App descriptor"). */
export type AppId = "qurbook" | "qurpro";

export type AppDescriptor = {
  id: AppId;
  name: string;
  tagline: string;
  description: string;
  targetAudience: string;
  /** `icon` names an inline-SVG icon in app/components/marketing/icon.tsx. */
  features: { icon: string; title: string; description: string }[];
  stats: { value: string; label: string }[];
  googlePlayUrl: string;
  appStoreUrl: string;
  countries: string[];
  primaryCountry: string;
  isFree: true;
};

const COUNTRIES = ["Ghana", "Nigeria", "Kenya", "South Africa"];
/** Store package prefix, derived from the brand so a rename stays a one-file edit. */
const PACKAGE = `com.${SITE.name.toLowerCase().replace(/[^a-z0-9]/g, "")}`;

export const APPS: readonly AppDescriptor[] = [
  {
    id: "qurbook",
    name: "qurbook",
    tagline: "Specialist care, booked through the clinic you already trust",
    description:
      "qurbook helps patients and families find a partner facility, book a consultation with a specialist and keep every referral, appointment and care plan in one place. Your local facility stays at the centre of your care, while specialists in Ghana and abroad join by video when you need them.",
    targetAudience: "Patients and families",
    features: [
      {
        icon: "search",
        title: "Find the right facility",
        description: "Search partner facilities near you by specialty, services and languages spoken.",
      },
      {
        icon: "calendar",
        title: "Book specialist consultations",
        description: "Request an appointment and get a confirmed time without queuing or repeated phone calls.",
      },
      {
        icon: "file-text",
        title: "Your care plan in one place",
        description: "See referrals, appointments and your specialist's care plan, shared with your local care team.",
      },
      {
        icon: "bell",
        title: "Reminders that matter",
        description: "Get reminders for appointments, tests and medication so nothing falls through the cracks.",
      },
      {
        icon: "sparkles",
        title: "Help from Sheela",
        description:
          "Sheela, our AI care-coordination assistant, answers questions about next steps and keeps your care on track.",
      },
    ],
    stats: [
      { value: "12", label: "Partner facilities in Ghana" },
      { value: "30+", label: "Specialties" },
      { value: "Free", label: "For patients" },
    ],
    googlePlayUrl: `https://play.google.com/store/apps/details?id=${PACKAGE}.qurbook`,
    appStoreUrl: "https://apps.apple.com/app/qurbook/id6470000001",
    countries: COUNTRIES,
    primaryCountry: "Ghana",
    isFree: true,
  },
  {
    id: "qurpro",
    name: "qurpro",
    tagline: "Consult, refer and get paid, wherever you practise",
    description:
      "qurpro is the app for doctors and specialists in the network. Receive referrals from partner facilities with the patient's history attached, consult by video, agree the care plan with the local team and track what you have earned per consultation. Practise from Accra, London or Toronto and still reach patients at home in Africa.",
    targetAudience: "Doctors and specialists",
    features: [
      {
        icon: "inbox",
        title: "Referrals with context",
        description:
          "Receive referrals from partner facilities with the chief complaint, notes and urgency already recorded.",
      },
      {
        icon: "video",
        title: "Video consultations",
        description: "Consult with patients and the local care team by secure video that works on mobile networks.",
      },
      {
        icon: "wallet",
        title: "Transparent earnings",
        description: "See what you earn per consultation and follow every payout from referral to payment.",
      },
      {
        icon: "users",
        title: "Specialist hubs",
        description: "Join specialty communities to share protocols and review cases with peers.",
      },
      {
        icon: "sparkles",
        title: "Sheela handles the logistics",
        description:
          "Our AI care-coordination assistant schedules follow-ups and chases results so you can focus on care.",
      },
    ],
    stats: [
      { value: "30+", label: "Specialties in the network" },
      { value: "1000+", label: "Care plans" },
      { value: "Free", label: "For doctors" },
    ],
    googlePlayUrl: `https://play.google.com/store/apps/details?id=${PACKAGE}.qurpro`,
    appStoreUrl: "https://apps.apple.com/app/qurpro/id6470000002",
    countries: COUNTRIES,
    primaryCountry: "Ghana",
    isFree: true,
  },
];
