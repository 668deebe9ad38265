import type { IconName } from "~/components/marketing/icon";

/** Apps page copy (spec section 2, Apps page). The app descriptors live in apps.ts. */

export const APPS_META = {
  title: "Mobile Apps: qurbook for patients, qurpro for doctors",
  description:
    "Two free apps for specialist care in Ghana: qurbook helps patients book specialists through local facilities, qurpro helps doctors consult, refer and get paid.",
};

export const APPS_HERO = {
  eyebrow: "Free on Android and iPhone",
  title: "Two free apps, one network of specialist care",
  intro:
    "qurbook puts patients in touch with specialists through their local facility. qurpro gives doctors the referrals, tools and payments to care for them.",
};

export const WHY_DOWNLOAD: { icon: IconName; title: string; description: string }[] = [
  {
    icon: "gift",
    title: "100% Free",
    description: "Both apps are free to download and use. No subscriptions, no in-app charges.",
  },
  {
    icon: "globe",
    title: "Africa-Focused",
    description: "Built for Ghana first, with Nigeria, Kenya and South Africa coming next.",
  },
  {
    icon: "lock",
    title: "Secure & Private",
    description: "Health records are encrypted and shared only with the people caring for you.",
  },
  {
    icon: "wifi-off",
    title: "Offline Access",
    description: "Appointments and care plans stay readable on your phone when the network drops.",
  },
  {
    icon: "languages",
    title: "Multi-Language",
    description: "Use the apps in English, with more local languages being added as we grow.",
  },
  {
    icon: "headphones",
    title: "24/7 Support",
    description: "Our support team and Sheela, our AI assistant, are there day and night.",
  },
];
