/** Specialty hubs (spec section 3): fixed content, typed. */
export type HubStatus = "live" | "coming-soon";

export type Hub = {
  id: string;
  title: string;
  description: string;
  /** The title and description in French (decision 044), when an administrator wrote them. */
  titleFr?: string;
  descriptionFr?: string;
  /** Name of an inline-SVG icon in app/components/hub-icon.tsx. */
  icon: string;
  countries: string[];
  /** Tailwind classes for the hub's accent colour and background tint. */
  color: string;
  bgColor: string;
  specialties: string[];
  status: HubStatus;
  /** Live hubs only. */
  externalUrl?: string;
  /** Coming-soon hubs only, e.g. "Q1 2025". */
  launchDate?: string;
  salesPitch: { problem: string; agitation: string; solution: string; benefits: string[] };
  targetAudience: string[];
  foundingMemberPerks: string[];
  foundingMemberCapacity: number;
  foundingMembersTaken: number;
};

/** The network's own domain (taken from its contact address, so a rename stays a one-file edit). */

/** Every hub's founding members get this (spec section 9). */
export const FREE_PREMIUM_LISTING_PERK = "Free premium listing for the first 6 months after launch";

const AFRICA_LAUNCH_COUNTRIES = ["Ghana", "Nigeria", "Kenya", "South Africa"];

export const HUBS: readonly Hub[] = [
  {
    id: "breast-cancer-care",
    title: "Breast Cancer Care",
    description:
      "Screening, diagnosis and treatment planning with oncologists and breast surgeons, coordinated through local facilities.",
    icon: "ribbon",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-pink-700",
    bgColor: "bg-pink-50",
    specialties: ["Medical Oncology", "Breast Surgery", "Radiology", "Pathology", "Psycho-oncology"],
    // No external address: the placeholder ones never resolved. Its page is /hub/{id};
    // an administrator adds the real address in the hub editor.
    status: "live",
    salesPitch: {
      problem:
        "Most breast cancers in West Africa are found late, when a lump has grown for months and treatment options have narrowed.",
      agitation:
        "Women travel long distances to reach one of a handful of oncology centres, wait weeks for biopsy results and often lose contact between visits.",
      solution:
        "The hub pairs local facilities with oncologists and breast surgeons who review imaging and pathology remotely and plan care the facility can deliver close to home.",
      benefits: [
        "Receive pre-screened referrals with imaging and history attached",
        "Run multidisciplinary case reviews by video",
        "Earn per consultation with transparent fees",
        "Follow patients through treatment with the local care team",
      ],
    },
    targetAudience: [
      "Medical oncologists",
      "Breast and general surgeons",
      "Radiologists",
      "Pathologists",
      "Oncology nurses",
    ],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority placement in facility referral searches",
      "A say in the hub's clinical referral guidelines",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "black-skin-acne",
    title: "Black Skin & Acne Care",
    description:
      "Dermatology for skin of colour: acne, scarring and hyperpigmentation treated by specialists who know melanin-rich skin.",
    icon: "sparkles",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-amber-800",
    bgColor: "bg-amber-50",
    specialties: ["Dermatology", "Cosmetic Dermatology", "Paediatric Dermatology", "Trichology"],
    status: "live",
    salesPitch: {
      problem:
        "Acne on dark skin often leaves dark marks and keloid scars, yet few dermatologists practise outside the largest cities.",
      agitation:
        "Patients try bleaching creams and unregulated products for years, and the scarring that follows can be harder to treat than the acne itself.",
      solution:
        "The hub connects patients, through their local clinic, with dermatologists experienced in skin of colour who diagnose from photos and video and follow up remotely.",
      benefits: [
        "Consult from anywhere using structured photo referrals",
        "Build a following among patients who need your expertise",
        "Earn per consultation with no platform subscription",
        "Share treatment protocols adapted to melanin-rich skin",
      ],
    },
    targetAudience: [
      "Dermatologists",
      "Cosmetic physicians",
      "General practitioners with a skin interest",
      "Dermatology nurses",
    ],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Featured specialist slot on the hub's home page",
      "Early access to new teledermatology tools",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "cervical-cancer",
    title: "Cervical Cancer Prevention",
    description:
      "HPV screening, colposcopy and early treatment, with gynaecologic oncologists supporting local clinics.",
    icon: "flower",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-purple-700",
    bgColor: "bg-purple-50",
    specialties: ["Gynaecologic Oncology", "Gynaecology", "Colposcopy", "Cytopathology"],
    status: "coming-soon",
    launchDate: "Q1 2025",
    salesPitch: {
      problem:
        "Cervical cancer is largely preventable, yet it remains one of the leading causes of cancer death among women in sub-Saharan Africa.",
      agitation:
        "Screening is patchy, abnormal results go unfollowed, and many women first see a specialist only when the disease is advanced.",
      solution:
        "The hub gives local clinics a clear path from a positive screen to specialist review, colposcopy and treatment, with gynaecologic oncologists guiding each step.",
      benefits: [
        "Review screening results and images remotely",
        "Guide local teams through follow-up and treatment",
        "Earn per consultation on confirmed referrals",
        "Help shape screening pathways for the region",
      ],
    },
    targetAudience: ["Gynaecologic oncologists", "Gynaecologists", "Cytopathologists", "Midwives trained in screening"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Seat on the hub's clinical advisory group",
      "Priority access to referrals at launch",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "prostate-cancer",
    title: "Prostate Cancer Care",
    description:
      "PSA follow-up, urology review and treatment planning for men, from first test to long-term monitoring.",
    icon: "shield",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-sky-700",
    bgColor: "bg-sky-50",
    specialties: ["Urology", "Radiation Oncology", "Medical Oncology", "Radiology"],
    status: "coming-soon",
    launchDate: "Q1 2025",
    salesPitch: {
      problem:
        "Men of African descent face some of the highest prostate cancer rates in the world, and most are diagnosed after symptoms appear.",
      agitation:
        "A raised PSA result can sit unexplained for months while men wait for a urologist, and stigma keeps many from asking at all.",
      solution:
        "The hub routes abnormal results from local facilities to urologists who review them remotely, order the right next test and plan treatment with the local team.",
      benefits: [
        "Receive referrals with PSA history and imaging attached",
        "Plan treatment jointly with local clinicians",
        "Earn per consultation with clear fee sharing",
        "Reach men in towns without a urologist",
      ],
    },
    targetAudience: ["Urologists", "Radiation and medical oncologists", "Radiologists", "Urology nurses"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Invitation to quarterly case-review sessions",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "diabetes-care",
    title: "Diabetes Care",
    description:
      "Endocrinology support for type 1, type 2 and gestational diabetes, including foot and eye complication care.",
    icon: "droplet",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-blue-700",
    bgColor: "bg-blue-50",
    specialties: ["Endocrinology", "Diabetology", "Podiatry", "Ophthalmology", "Dietetics"],
    status: "coming-soon",
    launchDate: "Q2 2025",
    salesPitch: {
      problem: "Diabetes is rising fast across Africa, and many people living with it have never been diagnosed.",
      agitation:
        "Without specialist follow-up, blood sugar stays uncontrolled until complications such as foot ulcers, kidney damage or vision loss appear.",
      solution:
        "The hub links local clinics with endocrinologists who adjust treatment remotely, while the clinic handles tests, education and regular check-ins.",
      benefits: [
        "Manage complex cases alongside local clinicians",
        "Review glucose logs and lab results remotely",
        "Earn per consultation on every confirmed referral",
        "Prevent complications with structured follow-up",
      ],
    },
    targetAudience: ["Endocrinologists", "Diabetologists", "Podiatrists", "Dietitians", "Diabetes educators"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Co-author the hub's shared care protocols",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "mens-sexual-health",
    title: "Men's Sexual Health",
    description:
      "Confidential care for erectile dysfunction, fertility and hormonal concerns, with urologists and andrologists.",
    icon: "user",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-indigo-700",
    bgColor: "bg-indigo-50",
    specialties: ["Urology", "Andrology", "Endocrinology", "Sexual Medicine"],
    status: "coming-soon",
    launchDate: "Q2 2025",
    salesPitch: {
      problem: "Sexual health problems are common in men and are often an early sign of diabetes or heart disease.",
      agitation:
        "Embarrassment pushes men towards unregulated remedies sold online, which delay diagnosis and can be dangerous.",
      solution:
        "The hub offers private, specialist-led consultations arranged through local facilities, with proper assessment of the underlying causes.",
      benefits: [
        "See patients privately by video",
        "Catch cardiovascular and metabolic disease early",
        "Earn per consultation with no upfront costs",
        "Work with local labs for tests and follow-up",
      ],
    },
    targetAudience: ["Urologists", "Andrologists", "Endocrinologists", "Sexual health physicians"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Input into the hub's confidentiality standards",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "hypertension-heart",
    title: "Hypertension & Heart Health",
    description:
      "Cardiology review for high blood pressure, heart failure and rhythm problems, with ECG and echo interpretation.",
    icon: "heart",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-red-700",
    bgColor: "bg-red-50",
    specialties: ["Cardiology", "Internal Medicine", "Cardiac Imaging", "Nephrology"],
    status: "coming-soon",
    launchDate: "Q2 2025",
    salesPitch: {
      problem: "High blood pressure is common among adults in Ghana, and many people who have it do not know.",
      agitation:
        "Untreated hypertension leads to strokes and heart failure in people in their forties and fifties, while cardiologists are concentrated in a few cities.",
      solution:
        "The hub lets local facilities send ECGs, echo results and blood pressure records to cardiologists, who advise on treatment and decide who needs to be seen in person.",
      benefits: [
        "Interpret ECGs and echocardiograms remotely",
        "Triage which patients need urgent in-person care",
        "Earn per consultation with transparent fee sharing",
        "Support nurse-led blood pressure clinics",
      ],
    },
    targetAudience: ["Cardiologists", "Physicians", "Cardiac sonographers", "Cardiac nurses"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Seat on the hub's clinical advisory group",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "maternal-child-health",
    title: "Maternal & Child Health",
    description:
      "Specialist support for high-risk pregnancies, newborns and children, for midwives and clinics far from referral hospitals.",
    icon: "baby",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-teal-700",
    bgColor: "bg-teal-50",
    specialties: ["Obstetrics", "Maternal-Fetal Medicine", "Neonatology", "Paediatrics", "Midwifery"],
    status: "coming-soon",
    launchDate: "Q2 2025",
    salesPitch: {
      problem: "Many maternal and newborn deaths follow complications that a specialist could have spotted earlier.",
      agitation:
        "Midwives in district clinics often manage high-risk pregnancies alone, and a referral can mean a long, costly journey in labour.",
      solution:
        "The hub gives local teams quick access to obstetricians, neonatologists and paediatricians who review cases remotely and help plan safe, timely transfers.",
      benefits: [
        "Advise on high-risk pregnancies before they become emergencies",
        "Support midwives and clinic doctors by video",
        "Earn per consultation on confirmed referrals",
        "Follow mothers and babies after delivery",
      ],
    },
    targetAudience: [
      "Obstetricians",
      "Maternal-fetal medicine specialists",
      "Neonatologists",
      "Paediatricians",
      "Midwives",
    ],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Help design the hub's transfer guidelines",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "mental-health",
    title: "Mental Health",
    description:
      "Psychiatry and psychology for depression, anxiety, psychosis and substance use, with care that continues locally.",
    icon: "brain",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-violet-700",
    bgColor: "bg-violet-50",
    specialties: ["Psychiatry", "Clinical Psychology", "Child Psychiatry", "Addiction Medicine"],
    status: "coming-soon",
    launchDate: "Q3 2025",
    salesPitch: {
      problem:
        "Ghana has very few psychiatrists for a population of more than 30 million, most of them in Accra and Kumasi.",
      agitation:
        "People with treatable conditions go years without help, and families turn to prayer camps or traditional healers because nothing else is within reach.",
      solution:
        "The hub connects local facilities with psychiatrists and psychologists for remote assessment, medication review and talking therapy, with local staff providing ongoing support.",
      benefits: [
        "Assess and treat patients by secure video",
        "Supervise local nurses and counsellors",
        "Earn per consultation with flexible hours",
        "Reach communities with no mental health service",
      ],
    },
    targetAudience: ["Psychiatrists", "Clinical psychologists", "Mental health nurses", "Counsellors"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Peer supervision circle with other founding members",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
  {
    id: "kidney-liver-care",
    title: "Kidney & Liver Care",
    description: "Nephrology and hepatology for chronic kidney disease, hepatitis B and C, and fatty liver disease.",
    icon: "activity",
    countries: AFRICA_LAUNCH_COUNTRIES,
    color: "text-emerald-700",
    bgColor: "bg-emerald-50",
    specialties: ["Nephrology", "Hepatology", "Gastroenterology", "Dialysis Care"],
    status: "coming-soon",
    launchDate: "Q3 2025",
    salesPitch: {
      problem: "Chronic kidney disease and hepatitis B are widespread in West Africa and usually silent until late.",
      agitation:
        "By the time symptoms appear, many patients need dialysis or have advanced liver disease, and both are costly and scarce.",
      solution:
        "The hub helps local facilities catch abnormal kidney and liver results early and get specialist advice on treatment that slows or stops the damage.",
      benefits: [
        "Review lab trends and scans remotely",
        "Slow disease progression with early treatment plans",
        "Earn per consultation on confirmed referrals",
        "Coordinate dialysis and antiviral care with local teams",
      ],
    },
    targetAudience: ["Nephrologists", "Hepatologists", "Gastroenterologists", "Dialysis nurses"],
    foundingMemberPerks: [
      FREE_PREMIUM_LISTING_PERK,
      "Founding member badge on your hub profile",
      "Priority access to referrals at launch",
      "Invitation to quarterly case-review sessions",
    ],
    foundingMemberCapacity: 0,
    foundingMembersTaken: 0,
  },
];

/** What a hub card shows: the lists of hubs need only this, not the full sales copy. */
export type HubSummary = Pick<
  Hub,
  | "id"
  | "title"
  | "description"
  | "titleFr"
  | "descriptionFr"
  | "icon"
  | "countries"
  | "color"
  | "bgColor"
  | "specialties"
  | "status"
  | "externalUrl"
  | "launchDate"
>;

export function toHubSummary(hub: Hub): HubSummary {
  const { id, title, description, icon, countries, color, bgColor, specialties, status, externalUrl, launchDate } = hub;
  const summary: HubSummary = { id, title, description, icon, countries, color, bgColor, specialties, status };
  if (externalUrl) summary.externalUrl = externalUrl;
  if (launchDate) summary.launchDate = launchDate;
  if (hub.titleFr) summary.titleFr = hub.titleFr;
  if (hub.descriptionFr) summary.descriptionFr = hub.descriptionFr;
  return summary;
}

export function getHub(id: string): Hub | undefined {
  return HUBS.find((hub) => hub.id === id);
}
