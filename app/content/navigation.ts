/** Header navigation (spec section 2, Home). */
export const HEADER_NAV = [
  { label: "For Patients", to: "/apps#qurbook" },
  { label: "For Doctors", to: "/apps#qurpro" },
  { label: "For Facilities", to: "/for-facilities" },
  { label: "Specialty Hubs", to: "/hubs" },
  { label: "Contact", to: "/contact" },
] as const;

/** The footer's 15 links (spec section 2, Home), grouped for reading. */
export const FOOTER_GROUPS = [
  {
    title: "Network",
    links: [
      { label: "Specialty Hubs", to: "/hubs" },
      { label: "Find a Facility", to: "/facilities" },
      { label: "Refer a Patient", to: "/referrals" },
      { label: "Mobile Apps", to: "/apps" },
      { label: "For Doctors", to: "/doctors" },
      { label: "For Facilities", to: "/for-facilities" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Investors", to: "/investment-opportunities" },
      { label: "About Us", to: "/about" },
      { label: "Contact", to: "/contact" },
      { label: "Careers", to: "/careers" },
      { label: "Press Kit", to: "/press-kit" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms of Service", to: "/terms-of-service" },
      { label: "Cookie Policy", to: "/cookie-policy" },
      { label: "Security", to: "/security" },
    ],
  },
] as const;
