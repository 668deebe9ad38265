/** Contact page copy and the contact form's subject options (spec sections 3 and 5). */

export const CONTACT_SUBJECTS = [
  { value: "general", label: "General Inquiry" },
  { value: "provider", label: "Healthcare Provider (doctors and facilities)" },
  { value: "technical", label: "Technical Support" },
  { value: "partnership", label: "Partnership Opportunities" },
  { value: "press", label: "Press and Media" },
  { value: "other", label: "Other" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((s) => s.value) as [ContactSubject, ...ContactSubject[]];

export function contactSubjectLabel(value: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

/** The spec's success toast (section 8). */
export const CONTACT_SENT = {
  title: "Message Sent!",
  description: "We'll get back to you within 24 hours.",
} as const;

export const CONTACT_PAGE = {
  title: "Contact Us",
  description:
    "Questions about referrals, joining the network as a facility or doctor, partnerships or press? Send us a message: we reply within 24 hours.",
  lead: "Patients, doctors, facility managers, partners and journalists: tell us what you need and the right person on our Accra team will reply within 24 hours.",
} as const;
