import type { IconName } from "~/components/marketing/icon";
import { SITE } from "./site";

/** Facility marketing page copy (spec section 2, Facility marketing page; facts from section 9). */

export const FOR_FACILITIES_META = {
  title: "For Facilities: join the specialist network free",
  description:
    "List your hospital or clinic free, receive specialist referrals and keep 80% of consultation fees. Premium patient acquisition on a 20% commission, with no upfront or monthly fees.",
};

export const FACILITY_HERO = {
  eyebrow: "For hospitals, clinics and diagnostic centres",
  title: "Offer specialist care at your facility, without hiring a specialist",
  intro: `Join ${SITE.name} free. Specialists consult with your patients by video, your team delivers care on site, and your facility keeps 80% of every consultation fee.`,
  primary: { label: "Get Started Free", to: "/auth" },
  secondary: { label: "Book Strategy Call", to: "/contact" },
};

/** Premium package step (spec section 3). */
export type PremiumStep = { step: number; title: string; description: string; timeline: string };

export type Package = {
  id: "free" | "premium";
  name: string;
  price: string;
  summary: string;
  points: string[];
  cta: { label: string; to: string };
};

export const PACKAGES: Package[] = [
  {
    id: "free",
    name: "Free Listing",
    price: "Free, always",
    summary: "Everything you need to join the network and start receiving specialist referrals.",
    points: [
      "Verified profile in the facilities directory",
      "Receive and manage referrals in your dashboard",
      "Video consultations with specialists in every hub",
      "Keep 80% of consultation fees; the network keeps 20%",
      "No setup, upfront or monthly fees",
    ],
    cta: { label: "Get Started Free", to: "/auth" },
  },
  {
    id: "premium",
    name: "Premium Patient Acquisition",
    price: "20% commission on confirmed bookings",
    summary: "We market your facility and fill your diary. You pay only when a patient we bring confirms a booking.",
    points: [
      "20% commission only on confirmed bookings from our marketing",
      "Example: a ₵500 consultation means you keep ₵400 and we receive ₵100",
      "No upfront or monthly fees",
      "A landing page for your facility, valued at ₵2,500, included free",
      "Cancel anytime with 30 days' notice, so in-progress appointments can finish",
      "Live within 4 weeks",
    ],
    cta: { label: "Book Strategy Call", to: "/contact" },
  },
];

export const PROCESS = {
  title: "From first call to fully booked in 4 weeks",
  intro: "The premium package follows the same five steps for every facility.",
  steps: [
    {
      step: 1,
      title: "Strategy",
      description: "We learn your services, capacity and patients, and agree which specialties to promote first.",
      timeline: "Week 1",
    },
    {
      step: 2,
      title: "Marketing assets",
      description: "We write and design your landing page, listings and campaign materials for your approval.",
      timeline: "Weeks 2-3",
    },
    {
      step: 3,
      title: "Booking line",
      description: "We set up a dedicated booking line and connect it to your referral dashboard.",
      timeline: "Week 3",
    },
    {
      step: 4,
      title: "Launch",
      description: "Campaigns go live and the first patients book consultations at your facility.",
      timeline: "Week 4",
    },
    {
      step: 5,
      title: "Ongoing growth",
      description: "We report on bookings every month and refine campaigns with your team.",
      timeline: "Ongoing",
    },
  ] satisfies PremiumStep[],
};

export const BENEFITS: { icon: IconName; title: string; description: string }[] = [
  {
    icon: "users",
    title: "More patients",
    description: "Patients who would have travelled to Accra or abroad can now be seen at your facility.",
  },
  {
    icon: "stethoscope",
    title: "Specialists on demand",
    description: "Access 30+ specialties by video without adding specialists to your payroll.",
  },
  {
    icon: "wallet",
    title: "Keep 80% of fees",
    description: "Your facility keeps 80% of every consultation fee, with clear statements for each referral.",
  },
  {
    icon: "sparkles",
    title: "Coordination handled",
    description:
      "Sheela, our AI care-coordination assistant, handles reminders and follow-ups so your staff can focus on patients.",
  },
];

export const FACILITY_HUBS = {
  title: "Join a specialist hub",
  intro:
    "Partner with the hubs that match your services. Live hubs are accepting facilities now; the rest are taking founding members.",
};

export const FAQ: { question: string; answer: string }[] = [
  {
    question: "What does it cost to join?",
    answer:
      "Nothing. The free listing has no setup, upfront or monthly fees. When a specialist consults with one of your patients, your facility keeps 80% of the consultation fee and the network keeps 20%.",
  },
  {
    question: "How does the premium commission work?",
    answer:
      "You pay a 20% commission only on confirmed bookings that come from our marketing. For a ₵500 consultation, you keep ₵400 and we receive ₵100. There are no upfront or monthly fees.",
  },
  {
    question: "What is included in the premium package?",
    answer:
      "A strategy session, a landing page for your facility valued at ₵2,500 and included free, marketing campaigns, a booking line and monthly reporting.",
  },
  {
    question: "How long does it take to launch?",
    answer:
      "Four weeks: strategy in week 1, marketing assets in weeks 2-3, your booking line in week 3 and launch in week 4. After that we keep improving your campaigns.",
  },
  {
    question: "Can we cancel the premium package?",
    answer:
      "Yes, at any time with 30 days' notice. The notice period lets appointments already in progress finish properly.",
  },
  {
    question: "Who are the specialists?",
    answer:
      "Doctors in Ghana and abroad, each approved by our team before they can receive referrals. They consult by video while your staff handle examinations, tests and treatment on site.",
  },
];

export const FACILITY_CLOSING = {
  title: "Ready to bring specialists to your patients?",
  intro: "Create your free listing in minutes, or book a call to plan your premium launch.",
  primary: { label: "Get Started Free", to: "/auth" },
  secondary: { label: "Book Strategy Call", to: "/contact" },
};
