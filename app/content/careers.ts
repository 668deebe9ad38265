import { SITE } from "./site";

/** The careers page: five openings, each applied for by email (spec section 2). */
export type Opening = {
  id: string;
  title: string;
  team: string;
  location: string;
  type: string;
  summary: string;
  responsibilities: readonly string[];
  requirements: readonly string[];
};

export const OPENINGS: readonly Opening[] = [
  {
    id: "full-stack-engineer",
    title: "Senior Full-Stack Engineer",
    team: "Engineering",
    location: "Accra (hybrid) or remote within Africa",
    type: "Full-time",
    summary:
      "Build the referral platform that doctors and facilities use every day, and the services behind the qurbook and qurpro apps, fast on a phone and a slow mobile network.",
    responsibilities: [
      "Design and ship features across the TypeScript web application, its PostgreSQL database and the mobile apps' services.",
      "Keep patient data safe: server-side access control, audit logs and tests for every rule.",
      "Measure and improve page speed for visitors on low-end phones and 3G connections.",
    ],
    requirements: [
      "Five or more years building and running production web applications.",
      "Strong TypeScript, React and SQL; you write tests as a matter of course.",
      "Care for accessibility, security and the people who will use what you build.",
    ],
  },
  {
    id: "facility-partnerships-manager",
    title: "Facility Partnerships Manager",
    team: "Growth",
    location: "Accra, with regular travel to Kumasi and Takoradi",
    type: "Full-time",
    summary:
      "Grow the network in Ghana to 50 facilities and beyond, by helping clinics and hospitals see what specialist care through the network can do for their patients.",
    responsibilities: [
      "Meet facility owners and medical directors, explain the free listing and the premium package, and guide them through joining.",
      "Onboard new partners: training, first referrals and the landing page that comes with the premium package.",
      "Bring what facilities tell you back to the product and clinical teams.",
    ],
    requirements: [
      "Three or more years in sales or partnerships, ideally with hospitals, clinics, pharmacies or insurers in Ghana.",
      "Confident presenting to clinicians and business owners; fluent English, Twi or Fante a plus.",
      "A driving licence and willingness to travel.",
    ],
  },
  {
    id: "clinical-care-coordinator",
    title: "Clinical Care Coordinator (Registered Nurse)",
    team: "Clinical Operations",
    location: "Kumasi",
    type: "Full-time",
    summary:
      "Make sure every referral reaches the right specialist and every patient gets their follow-up, working with facilities, specialists and our AI assistant, Sheela.",
    responsibilities: [
      "Track referrals from creation to completion and step in when one stalls.",
      "Support partner facilities in preparing cases for specialist review.",
      "Check the care plans and follow-up reminders Sheela prepares before they reach patients.",
    ],
    requirements: [
      "Registered nurse with a current licence from the Nursing and Midwifery Council of Ghana.",
      "Two or more years of clinical experience, ideally in a referral or outpatient setting.",
      "Calm, organised and comfortable with digital tools.",
    ],
  },
  {
    id: "specialist-network-lead",
    title: "Specialist Network Lead (Medical Doctor)",
    team: "Clinical",
    location: "Remote, with regular time in Accra",
    type: "Full-time or part-time",
    summary:
      "Recruit and vet the specialists behind our ten hubs, starting with the priority specialties: cardiology and hypertension, oncology, diabetes and endocrinology, maternal and child health, and mental health.",
    responsibilities: [
      "Find specialists in Ghana, across Africa and in the diaspora, and bring them into the hubs.",
      "Set the clinical standards for referrals and review how specialists and facilities work together.",
      "Advise on each hub's launch and its founding members.",
    ],
    requirements: [
      "Medical doctor with a current licence to practise; specialist training an advantage.",
      "A professional network you can draw on, in Ghana and beyond.",
      "Belief that specialist care can be delivered well through local facilities.",
    ],
  },
  {
    id: "product-designer-mobile",
    title: "Product Designer, Mobile",
    team: "Product",
    location: "Remote within Africa (GMT to GMT+3)",
    type: "Full-time",
    summary:
      "Design qurbook for patients and qurpro for doctors: simple, multilingual and usable on an entry-level Android phone with a patchy connection.",
    responsibilities: [
      "Take features from research with patients, doctors and facility staff through to shipped designs.",
      "Design for offline use, low data cost and several languages.",
      "Keep our design system accessible and consistent across web and mobile.",
    ],
    requirements: [
      "Three or more years designing mobile products, with a portfolio that shows your process.",
      "Experience running user research, ideally in health or with low-connectivity users.",
      "Working knowledge of accessibility guidelines (WCAG).",
    ],
  },
];

/** "Apply by email": a mailto link with the role in the subject, URL-encoded. */
export function applyHref(title: string): string {
  return `mailto:${SITE.email.careers}?subject=${encodeURIComponent(`Application: ${title}`)}`;
}

export const CAREERS = {
  title: "Careers",
  description: `Join ${SITE.name} and help bring specialist care to patients in Ghana and across Africa. ${OPENINGS.length} open roles in engineering, growth, clinical operations and design; apply by email.`,
  eyebrow: "Careers",
  heading: "Help bring specialist care closer to home",
  lead: `We are a small team in Ghana building a network that links specialists with local facilities. If you want your work to reach patients who would otherwise go without specialist care, we would like to meet you.`,
  howToApply: [
    "Email your CV and a few lines on why the role interests you. The Apply by email links put the role in the subject line for you.",
    "We reply to every application. Shortlisted candidates have a conversation with the hiring lead, a short practical exercise based on real work, and a meeting with the team.",
  ],
  openApplication: {
    heading: "Don't see your role?",
    text: "We are always glad to hear from clinicians, engineers and people who know healthcare in Ghana, Nigeria, Kenya or South Africa.",
    href: `mailto:${SITE.email.careers}?subject=${encodeURIComponent("Open application")}`,
    label: "Send an open application",
  },
} as const;
