import { SITE } from "./site";

/**
 * The legal pages: privacy, terms, cookies and security. Written for how this product really
 * works (server-side sessions in one HttpOnly cookie, no tracking, no third-party scripts) and
 * with the terms figures of spec section 9. Inline links use [label](href).
 */

/** A paragraph, a bullet list, or a list of term/detail facts. */
export type Block = string | { list: readonly string[] } | { facts: readonly { term: string; detail: string }[] };

export type DocumentSection = { id: string; heading: string; blocks: readonly Block[] };

export type PolicyDocument = {
  title: string;
  /** Meta description. */
  description: string;
  /** ISO date (YYYY-MM-DD) the text last changed. */
  updated: string;
  summary: string;
  sections: readonly DocumentSection[];
};

const name = SITE.name;
const mail = (address: string) => `[${address}](mailto:${address})`;
const office = `${SITE.office.line1}, ${SITE.office.city}, ${SITE.office.country}`;
const UPDATED = "2026-11-21";

/** The act every policy refers to, named the same way everywhere. */
export const DATA_PROTECTION_ACT = "Data Protection Act, 2012 (Act 843)";

/** Terms figures (spec section 9), in one place for the terms, the investor page and the tests. */
export const TERMS_FIGURES = {
  platformFeePerActivePatient: "$1.26",
  feeSharePercent: 20,
  foundingClinics: 50,
  priceChangeNoticeDays: 30,
  breachNoticeHours: 72,
} as const;

/** The session's limits, as configured by default in app/auth/auth.server.ts (SESSION_DEFAULTS). */
export const SESSION_COOKIE = {
  idleMinutes: 30,
  maxHours: 12,
} as const;

export const PRIVACY_POLICY: PolicyDocument = {
  title: "Privacy Policy",
  description: `How ${name} collects, uses, shares and protects personal and health data under Ghana's ${DATA_PROTECTION_ACT}, and how to use your rights.`,
  updated: UPDATED,
  summary: `We collect only what the referral network needs, keep patient information visible to the people caring for that patient, never sell data, and run no advertising or tracking. This policy explains what we hold and your rights under Ghana's ${DATA_PROTECTION_ACT}.`,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        `${name} runs this website, the referral platform for doctors and facilities, and the free qurbook (patients) and qurpro (doctors) apps. For the personal data described here we are the data controller under Ghana's ${DATA_PROTECTION_ACT}.`,
        `Our office is at ${office}. Questions about privacy go to ${mail(SITE.email.privacy)}.`,
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      blocks: [
        {
          list: [
            `**Account details** when you register: full name, email address, phone number, your role (doctor, facility administrator or system administrator), a doctor's specialty, and the facility a facility administrator manages. Passwords are stored only as a one-way, salted hash; nobody at ${name} can read them.`,
            "**Referral information** entered by a referring doctor: the patient's full name and phone number, optionally their email address and date of birth, the chief complaint, clinical notes, urgency, the receiving facility, and every status change with who made it and when.",
            "**Payment records** for doctors: the amount due for each completed referral, the payment method and reference, when it was paid and who recorded it.",
            "**Hub waitlist sign-ups**: name or facility contact person, email, professional title, specialty, years of experience, facility name and type, country, phone and message.",
            "**Contact form messages**: name, email, optional phone number, subject and message.",
            "**Technical data**: your IP address, the address requested and the time, kept in our server logs and used to slow down repeated sign-in attempts and form submissions.",
          ],
        },
        "We do not collect your device location, advertising identifiers or your activity on other websites.",
      ],
    },
    {
      id: "how-we-use",
      heading: "How we use it",
      blocks: [
        {
          list: [
            "To run the referral platform: send each referral to the facility chosen by the doctor, let the facility accept, reject or complete it, and email the people involved when its status changes.",
            "To check who is using the platform: doctors are verified and facility administrators are approved by a system administrator before they can work with referrals.",
            "To pay doctors their share of each completed referral and keep the financial records the law requires.",
            "To answer contact messages (we reply within 24 hours) and to tell waitlist members when their hub launches.",
            "To keep the service secure, investigate abuse and meet our legal obligations.",
          ],
        },
        "We send service emails only: address verification, password resets, referral updates and waitlist confirmations. We do not sell personal data, use it for advertising or build marketing profiles.",
      ],
    },
    {
      id: "health-data",
      heading: "Patient health information",
      blocks: [
        `Act 843 treats health information as special personal data. We process it only for the patient's care. The referring doctor enters it with the patient's consent (a parent's or guardian's for a child), and only three groups can see a referral: the doctor who made it, the approved administrators of the facility receiving it, and ${name} system administrators, who need it for support, payments and audits. These rules are enforced by our server on every request, not just hidden in the interface.`,
        "When a specialist outside the receiving facility is engaged, they see only what that patient's care needs, and they are bound by professional confidentiality.",
        "Sheela, our AI care-coordination assistant, helps care teams organise follow-up. It does not make clinical decisions: a clinician always does.",
      ],
    },
    {
      id: "legal-basis",
      heading: "Why we may process it",
      blocks: [
        {
          list: [
            "Your consent, for example when you join a hub waitlist or send us a message.",
            "The agreement between us, when you hold an account or your facility is a partner.",
            "Medical purposes carried out by health professionals who owe a duty of confidentiality, for referral information.",
            "Legal obligations, for example keeping financial records.",
            "Keeping the service and its users safe, for security logs and rate limits.",
          ],
        },
      ],
    },
    {
      id: "sharing",
      heading: "Who we share it with",
      blocks: [
        {
          list: [
            "The facility and clinicians caring for a referred patient, as described above.",
            "Companies that host our servers and database and deliver our email, under written contracts that oblige them to keep the data confidential and secure and to use it only on our instructions.",
            "Our telemedicine platform partner, for the details a consultation held through their platform needs, under a data-processing agreement.",
            "Courts, regulators and the police, when Ghanaian law requires it.",
          ],
        },
        "We never share personal data with advertisers or data brokers.",
      ],
    },
    {
      id: "transfers",
      heading: "Transfers outside Ghana",
      blocks: [
        "The network connects patients in Ghana with specialists who may work in other countries, and some of our service providers operate abroad. We transfer personal data out of Ghana only when the recipient is bound by contract to protect it at least as well as Act 843 requires, and only as much as the purpose needs.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      blocks: [
        {
          facts: [
            {
              term: "Accounts",
              detail:
                "While the account is open; deleted or anonymised within 90 days of closure, except the records below.",
            },
            {
              term: "Referrals, audit log, payments",
              detail: "7 years after the referral closes, because they are clinical and financial records.",
            },
            { term: "Waitlist entries", detail: "Until 12 months after the hub launches, or sooner if you ask." },
            { term: "Contact messages", detail: "2 years after our last reply." },
            { term: "Server logs", detail: "30 days." },
            {
              term: "Rate-limit counters",
              detail: "Only the current counting window for each address, a matter of minutes.",
            },
          ],
        },
      ],
    },
    {
      id: "security",
      heading: "Security and breach notification",
      blocks: [
        "We protect personal data with encryption in transit, server-side access control, hashed passwords, revocable sessions and an audit log of every referral status change. Our [security page](/security) describes these measures.",
        `If a breach puts your personal data at risk, we will tell the Data Protection Commission and the people affected within ${TERMS_FIGURES.breachNoticeHours} hours of becoming aware of it: what happened, which data, what we are doing about it and what you can do.`,
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        "Under Act 843 you may:",
        {
          list: [
            "ask whether we hold personal data about you and receive a copy of it;",
            "have inaccurate, out-of-date, incomplete, misleading or unlawfully obtained data corrected or deleted;",
            "object to our processing, and withdraw consent you gave, at any time;",
            "stop any use of your data for direct marketing;",
            "ask that no decision about you is based solely on automated processing.",
          ],
        },
        `Email ${mail(SITE.email.privacy)} from the address we know you by, or tell us how to verify you. We answer within 30 days and do not charge for it. You can also complain to the Data Protection Commission of Ghana.`,
        "Patients whose details were entered by a doctor can ask us directly or through the doctor or facility treating them.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      blocks: [
        "We set one cookie, only when you sign in, to keep you signed in. There are no analytics, advertising or third-party cookies. See the [cookie policy](/cookie-policy).",
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: [
        "Accounts are for adult health professionals and facility staff. Information about children reaches us only as referred patients, entered by a doctor with a parent's or guardian's consent.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        `We publish every change on this page with a new date. If a change reduces your rights or changes what we do with your data, we email account holders ${TERMS_FIGURES.priceChangeNoticeDays} days before it takes effect.`,
      ],
    },
  ],
};

const F = TERMS_FIGURES;

export const TERMS_OF_SERVICE: PolicyDocument = {
  title: "Terms of Service",
  description: `The terms for using ${name}: accounts and approval, referrals and the ₵100 referral fee, partner facility fees, notice periods, data protection and Ghanaian law.`,
  updated: UPDATED,
  summary: `These terms are the agreement between you and ${name} when you use this website, the referral platform or our apps. They cover accounts, referrals, what partner facilities pay, and what each of us may expect from the other.`,
  sections: [
    {
      id: "agreement",
      heading: "The agreement",
      blocks: [
        `By creating an account, listing a facility or using the referral platform you accept these terms. If you act for a facility or another organisation, you confirm you may bind it. Our [privacy policy](/privacy-policy) explains how we handle personal data and forms part of these terms.`,
      ],
    },
    {
      id: "not-emergency",
      heading: "Not an emergency service",
      blocks: [
        "In an emergency, call 112 or go to the nearest emergency department. The network connects patients, doctors and facilities; it does not replace medical advice. Diagnosis and treatment decisions are made by licensed health professionals, who are responsible for them.",
      ],
    },
    {
      id: "accounts",
      heading: "Accounts and approval",
      blocks: [
        {
          list: [
            "Give accurate details and keep them up to date. One account per person; do not share your password.",
            "Doctors can create referrals only after a system administrator has verified them.",
            "Facility administrator and system administrator accounts stay pending until a system administrator approves them, and a facility administrator works only with their own facility's referrals.",
            `Tell us at once at ${mail(SITE.email.security)} if you think someone else has used your account.`,
          ],
        },
      ],
    },
    {
      id: "professionals",
      heading: "Responsibilities of doctors and facilities",
      blocks: [
        {
          list: [
            "Doctors must hold a current licence to practise, from the Medical and Dental Council of Ghana or the equivalent body where they practise, and must stop using the platform if it lapses.",
            "Enter patient information only with the patient's consent (a parent's or guardian's for a child), and only what the referral needs.",
            "Facilities answer referrals promptly: accept, or reject with a reason, and mark accepted referrals completed when care is delivered.",
            "Keep patient information confidential and use it only for that patient's care.",
          ],
        },
      ],
    },
    {
      id: "referral-fee",
      heading: "Referrals and the referral fee",
      blocks: [
        "Each referral carries a fixed referral fee of ₵100, set by our server: ₵70 is the referring doctor's share and ₵30 is the platform's share. A referral moves from pending to accepted and then completed, or from pending to rejected; every change is recorded with who made it and when.",
        "When a referral is completed, the doctor's share becomes due. We pay it by the method agreed with the doctor and record the payment method and reference; a payment is recorded once.",
      ],
    },
    {
      id: "facility-fees",
      heading: "What partner facilities pay",
      blocks: [
        {
          facts: [
            { term: "Directory listing", detail: "Free." },
            {
              term: "Consultation fees",
              detail: `The facility keeps 80% of consultation fees for patients who come through the network; ${name} keeps ${F.feeSharePercent}%.`,
            },
            {
              term: "Partner platform fee",
              detail: `${F.platformFeePerActivePatient} per active patient per month plus a ${F.feeSharePercent}% fee share. An active patient is a patient with at least one referral, booking or consultation through the platform in that calendar month.`,
            },
            {
              term: "Founding clinics",
              detail: `The first ${F.foundingClinics} clinics to join get free lifetime access: no platform fee, only the ${F.feeSharePercent}% revenue share, for as long as they remain partners.`,
            },
            {
              term: "Premium patient acquisition",
              detail:
                "A 20% commission on confirmed bookings that come from our marketing (a ₵500 consultation: the facility keeps ₵400, we receive ₵100). No upfront or monthly fees; a landing page valued at ₵2,500 is included free.",
            },
          ],
        },
        `We give at least ${F.priceChangeNoticeDays} days' notice by email before any price change takes effect; you may end the agreement before then on the old prices.`,
      ],
    },
    {
      id: "cancellation",
      heading: "Ending a partnership or an account",
      blocks: [
        `A facility may cancel a partner or premium package at any time with ${F.priceChangeNoticeDays} days' notice, so that appointments already in progress are finished. You may close a personal account at any time by emailing ${mail(SITE.email.hello)}.`,
        "We may suspend or close an account that breaks these terms, puts patients at risk or is no longer licensed, and will tell you why unless the law prevents it. Records we must keep (see the privacy policy) survive closure.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      blocks: [
        {
          list: [
            "No false, misleading or unlawful content, and no impersonation.",
            "No scraping, bulk downloading or automated access beyond ordinary use of the apps.",
            "No attempts to reach data you are not entitled to, or to disrupt the service. Security research is welcome under our [security policy](/security).",
          ],
        },
      ],
    },
    {
      id: "data-protection",
      heading: "Data protection",
      blocks: [
        `Both of us comply with Ghana's ${DATA_PROTECTION_ACT}. We keep patient information visible only to the people entitled to it, and we notify affected partners, users and the Data Protection Commission within ${F.breachNoticeHours} hours of becoming aware of a personal data breach.`,
      ],
    },
    {
      id: "apps",
      heading: "The qurbook and qurpro apps",
      blocks: [
        "Both apps are free. Your use of them is also subject to the terms of the store you download them from.",
      ],
    },
    {
      id: "ip",
      heading: "Our content and yours",
      blocks: [
        `The ${name} name, logo, software and site content belong to us. Information you enter stays yours; you let us use it to run the service as these terms and the privacy policy describe.`,
      ],
    },
    {
      id: "liability",
      heading: "Availability and liability",
      blocks: [
        "We work to keep the service available and accurate, but it may be interrupted for maintenance or by events outside our control. Doctors and facilities are independent professionals: we are not liable for their clinical decisions.",
        "Nothing in these terms limits liability that Ghanaian law does not allow us to limit. Otherwise, our total liability to you is limited to the fees you paid us in the 12 months before the claim.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      blocks: [
        `We email account holders and partner facilities at least ${F.priceChangeNoticeDays} days before a material change takes effect and publish it here with a new date.`,
      ],
    },
    {
      id: "law",
      heading: "Governing law",
      blocks: [
        "These terms are governed by the laws of the Republic of Ghana. We will first try to settle any dispute by talking for 30 days; after that, the courts of Ghana have jurisdiction.",
        `Questions about these terms: ${mail(SITE.email.hello)}, or write to us at ${office}.`,
      ],
    },
  ],
};

export const COOKIE_POLICY: PolicyDocument = {
  title: "Cookie Policy",
  description: `${name} sets one cookie: an HttpOnly session cookie that keeps you signed in. No analytics, advertising or third-party cookies, and no third-party scripts.`,
  updated: UPDATED,
  summary:
    "We set one cookie, and only when you sign in: it keeps you signed in. There are no analytics, advertising or social media cookies, and the site loads nothing from other companies' servers.",
  sections: [
    {
      id: "session-cookie",
      heading: "The one cookie we set",
      blocks: [
        {
          facts: [
            {
              term: "Purpose",
              detail: "Keeps you signed in to the referral platform as you move between pages.",
            },
            {
              term: "When it is set",
              detail: "When you sign in. Visitors who only read the public pages receive no cookie.",
            },
            {
              term: "What it holds",
              detail:
                "A long random session identifier, signed by our server. The session itself (who you are, when it expires) is stored on our server, so the cookie reveals nothing about you.",
            },
            {
              term: "Protection",
              detail:
                "HttpOnly, so scripts in the page cannot read it; Secure, so it travels only over HTTPS; SameSite=Lax, so other websites cannot use it to act as you.",
            },
            {
              term: "Lifetime",
              detail: `It ends when you sign out, which also ends the session on our server. Otherwise the session ends after ${SESSION_COOKIE.idleMinutes} minutes without activity, and ${SESSION_COOKIE.maxHours} hours after you signed in whatever you are doing: the platform shows patient information, so a forgotten browser does not stay signed in.`,
            },
            { term: "Type", detail: "First-party and strictly necessary: signing in cannot work without it." },
          ],
        },
        'One more cookie carries a one-time message across a page change, for example "Referral Created" after you send a referral: it holds only that message, is signed by our server, lasts at most a minute and is removed as soon as the message is shown.',
        "Because this cookie is strictly necessary for a service you asked for, we do not show a cookie banner.",
      ],
    },
    {
      id: "what-we-do-not-use",
      heading: "What we do not use",
      blocks: [
        {
          list: [
            "No analytics or advertising cookies, tracking pixels or fingerprinting.",
            "No third-party scripts, fonts, embedded maps or videos: every file the site loads comes from our own server, and our Content Security Policy tells your browser to refuse anything else.",
            "Links to our social media pages and to OpenStreetMap are plain links. Those sites learn of your visit only if you follow the link, and their own policies apply there.",
          ],
        },
      ],
    },
    {
      id: "browser-storage",
      heading: "Other storage in your browser",
      blocks: [
        "On interactive pages, the site keeps your scroll positions in your browser's session storage, so the Back button returns you to where you were. This stays on your device, is never sent to us and is cleared when you close the tab.",
      ],
    },
    {
      id: "control",
      heading: "Your choices",
      blocks: [
        "You can delete or block cookies in your browser's settings. If you block our session cookie you can still read every public page and send the contact form, but you will not be able to sign in.",
      ],
    },
    {
      id: "contact",
      heading: "Changes and questions",
      blocks: [
        `If we ever add a cookie, we will update this page first and, unless it is strictly necessary, ask for your consent before setting it. Questions: ${mail(SITE.email.privacy)}.`,
      ],
    },
  ],
};

export const SECURITY_POLICY: PolicyDocument = {
  title: "Security",
  description: `How ${name} protects patient and professional data: encryption, server-side access control, audit logs, ${F.breachNoticeHours}-hour breach notice, and how to report a vulnerability.`,
  updated: UPDATED,
  summary: `Referrals carry patients' health information, so we treat security as part of care. Here is how the platform protects it, what we do if something goes wrong, and how to report a weakness to ${mail(SITE.email.security)}.`,
  sections: [
    {
      id: "transport",
      heading: "Encryption in transit",
      blocks: [
        "Every connection to the site and the apps is encrypted with HTTPS, and browsers are told to use HTTPS only (HTTP Strict Transport Security). Email between our servers and our mail provider is sent over encrypted connections where the receiving server supports it.",
      ],
    },
    {
      id: "access",
      heading: "Who can see what",
      blocks: [
        {
          list: [
            "The browser never talks to the database: every read and write goes through our server, which checks who is asking, their role, their approval and what they own.",
            "A referral is visible only to the doctor who made it, the approved administrators of the receiving facility and our system administrators.",
            "Doctors are verified, and facility and system administrators approved, before they can work with referrals. No one can grant themselves a role.",
          ],
        },
      ],
    },
    {
      id: "accounts",
      heading: "Passwords and sessions",
      blocks: [
        {
          list: [
            "Passwords are at least 8 characters and are stored only as salted hashes made with a deliberately slow, memory-hard function.",
            "Password reset links are valid for 30 minutes, work once, and are cancelled when a newer link is requested.",
            "Sessions are stored on our server and travel in one HttpOnly, Secure, SameSite=Lax cookie. Signing out ends the session on the server, not just in your browser.",
            "Sign-in, registration, password reset and public forms are rate limited per address to slow down guessing and abuse.",
          ],
        },
      ],
    },
    {
      id: "application",
      heading: "Protecting the application",
      blocks: [
        {
          list: [
            "A strict Content Security Policy with a fresh nonce on every response: the site runs only its own scripts and loads nothing from third parties.",
            "Form posts from other websites are refused, and our pages cannot be framed by other sites.",
            "Every input is validated on the server with the same rules the forms show, whatever the browser sends.",
            "Changes to a referral's status are single, atomic updates: two people acting at once cannot both succeed.",
          ],
        },
      ],
    },
    {
      id: "audit",
      heading: "Accountability",
      blocks: [
        "Every referral status change is written to an audit log (who, when, from which status to which, and the reason for a rejection). Payments to doctors record the method, the reference and who recorded them, and cannot be recorded twice.",
      ],
    },
    {
      id: "incidents",
      heading: "If something goes wrong",
      blocks: [
        `If we find that personal data may have been accessed, lost or changed without authorisation, we contain the incident, investigate it and notify the Data Protection Commission and everyone affected, including partner facilities, within ${F.breachNoticeHours} hours of becoming aware of it, as our commitment under Ghana's ${DATA_PROTECTION_ACT}. The notice says what happened, which data was involved, what we are doing and what you can do to protect yourself.`,
      ],
    },
    {
      id: "reporting",
      heading: "Reporting a vulnerability",
      blocks: [
        `Email ${mail(SITE.email.security)} with what you found and how to reproduce it. We acknowledge reports within 2 working days, keep you informed until the issue is fixed, and credit you if you wish.`,
        "Please test only against your own accounts, do not access or change other people's data, and do not run denial-of-service, spam or social-engineering tests. We will not pursue legal action against research carried out in good faith within these rules.",
      ],
    },
    {
      id: "compliance",
      heading: "Compliance",
      blocks: [
        `We follow the data protection principles of Ghana's ${DATA_PROTECTION_ACT}: accountability, lawful processing, a specified purpose, compatible further processing, quality of information, openness, security safeguards and the participation of the people the data is about. Our [privacy policy](/privacy-policy) explains how these apply to your data.`,
      ],
    },
  ],
};
