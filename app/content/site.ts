/**
 * The brand and the network's public facts. The name lives here and nowhere else,
 * so the network can rename itself in one edit.
 */
export const SITE = {
  name: "Qurhealth",
  tagline: "Specialist care, delivered through local facilities",
  description:
    "Qurhealth links specialist doctors anywhere in the world with trusted local facilities so patients in Ghana and across Africa get specialist care close to home.",
  email: {
    hello: "hello@qurhealth.example",
    invest: "invest@qurhealth.example",
    careers: "careers@qurhealth.example",
    press: "press@qurhealth.example",
    security: "security@qurhealth.example",
    privacy: "privacy@qurhealth.example",
  },
  phone: "+233 30 290 1234",
  office: {
    line1: "14 Liberation Road, Airport Residential Area",
    city: "Accra",
    country: "Ghana",
    mapUrl: "https://www.openstreetmap.org/?mlat=5.6037&mlon=-0.1870#map=16/5.6037/-0.1870",
    /** Office and phone hours; Ghana keeps GMT all year. */
    hours: "Monday to Friday, 08:00 to 17:00 GMT",
  },
  social: [
    { label: "Facebook", href: "https://www.facebook.com/qurhealth" },
    { label: "X (Twitter)", href: "https://x.com/qurhealth" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/qurhealth" },
    { label: "Instagram", href: "https://www.instagram.com/qurhealth" },
  ],
  founded: 2024,
} as const;
