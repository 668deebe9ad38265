import { createHash } from "node:crypto";
import { parseFormData } from "@remix-run/form-data-parser";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { ROLES } from "~/auth/roles";
import { parseSubmission } from "~/components/forms/schema-form";
import { CONTACT_SUBJECT_VALUES } from "~/content/contact";
import { HUBS } from "~/content/hubs";
import type { Db } from "~/db/client.server";
import { referralAttachments, referralMessages, referrals } from "~/db/schema";
import { adminSignInRuleSchema } from "~/features/accounts/administrator-schemas";
import { declineSchema } from "~/features/accounts/decline-schema";
import { FORGOT_PASSWORD_FIELDS, forgotPasswordSchema } from "~/features/accounts/forgot-password-schema";
import {
  PHONE_SIGN_IN_FIELDS,
  phoneCodeRequestSchema,
  phoneCodeSignInSchema,
} from "~/features/accounts/phone-sign-in-schema";
import { REGISTER_FIELDS, registerSchema } from "~/features/accounts/register-schema";
import { REGISTRATION_NUMBER_SCHEMAS } from "~/features/accounts/registration-number";
import { SIGN_IN_FIELDS, signInSchema } from "~/features/accounts/sign-in-schema";
import {
  appointmentRequestSchema,
  FACILITY_MOVE_SCHEMAS,
  isFacilityMove,
  isPatientMove,
} from "~/features/appointments/appointment-schema";
import { readContactForm } from "~/features/contact/contact-fields";
import { contactSchema } from "~/features/contact/contact-schema";
import { facilityReportSchema, facilitySchema, readFacilityForm } from "~/features/facilities/facility-schema";
import { apiClientSchema } from "~/features/fhir/api-client-schema";
import { HUB_FIELDS, hubLaunchSchema, hubSchema, hubUpdateSchema } from "~/features/hubs/hub-schema";
import { messageLanguageSchema } from "~/features/notifications/message-language-schema";
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  preferencesSchema,
} from "~/features/notifications/notification-preferences";
import { backupReportFields, backupReportSchema } from "~/features/operations/backup-report-schema";
import { PAYMENT_METHODS, RECORD_PAYMENT_FIELDS, recordPaymentSchema } from "~/features/payments/payment-schema";
import { confirmPayoutDetailsSchema, requestPayoutDetailsSchema } from "~/features/payouts/payout-details-schema";
import { confirmCodeSchema, sendCodeSchema } from "~/features/phones/phone-schemas";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, sniffAttachmentType } from "~/features/referrals/attachment-rules";
import { CREATE_REFERRAL_FIELDS, createReferralSchema, rejectionSchema } from "~/features/referrals/referral-schema";
import { URGENCY_LEVELS } from "~/features/referrals/referral-status";
import { cancelSchema, messageSchema, outcomeSchema } from "~/features/referrals/workspace-schemas";
import { reviewSchema } from "~/features/reviews/review-schema";
import { asWaitlistHub } from "~/features/waitlist/waitlist-hubs";
import { FACILITY_TYPES, parseWaitlistSubmission } from "~/features/waitlist/waitlist-schema";
import { readFields } from "~/lib/form-fields";
import { parsePhone } from "~/lib/phone";
import { fileStore } from "~/storage/file-store.server";
import { APP_ORIGIN, BACKUP_REPORT_TOKEN } from "./built-app";
import type { ReferralWorld, WorkspacePoolSizes, WorkspacePools } from "./referral-fixtures";
import { HOSTILE_ATOMS } from "./reflection";

/*
 * The form actions under fuzzing, one entry each: how to generate a submission, and whether the
 * shared schema (the same module the action validates with) accepts what the server will read
 * from it. To fuzz a new form (a referral action, say), add one FuzzForm to `fuzzForms` below:
 * its path, its fields with a generator of plausible values, its validity oracle and the table
 * a valid submission writes to. A form behind sign-in reads its session cookie from the context:
 * add it to FuzzContext, sign in once in fuzz-forms.test.ts's beforeAll (tests/helpers/accounts.ts
 * has createAccount and sessionCookie), and set `cookie: () => context.<name>`.
 */

/** One generated form post. */
export type Submission = {
  path: string;
  /** Fields in order; a name may repeat, unknown names may appear, expected ones may be missing. */
  fields: Array<[string, string]>;
  /** How the body is sent: a form (url-encoded or multipart), JSON, or raw url-encoded text. */
  encoding: "urlencoded" | "multipart" | "json" | "raw";
  raw: string;
  /** Post to `<path>.data`, as React Router does when JavaScript runs (the answer is data, not HTML). */
  singleFetch: boolean;
  /** From one shared, busy address (so per-IP rate limits trigger) instead of a fresh one. */
  sharedIp: boolean;
  /** File parts of a multipart post (ignored by the other encodings), after the fields. */
  files?: FilePart[];
};

/**
 * A generated file: its first bytes (`head`) and its whole size (zeros after the head, cut to the
 * size), so that a 10 MB file costs nothing until it is posted.
 */
export type FilePart = { field: string; fileName: string; type: string; head: number[]; size: number };

/** The bytes of a generated file. */
export function fileBytes(file: FilePart): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(file.size);
  bytes.set(file.head.slice(0, file.size));
  return bytes;
}

export type FuzzForm = {
  name: string;
  submission: fc.Arbitrary<Submission>;
  /** The shared schema's verdict on what the server reads from this post: may it store anything? */
  isValid(form: FormData, submission: Submission): boolean | Promise<boolean>;
  /** The table a valid submission adds a row to; exact: every acknowledged answer adds exactly one row. */
  stores?: { table: string; exact: boolean };
  /** Which answers acknowledge a write (default: 2xx; a form that redirects on success adds 3xx). */
  acknowledges?: (status: number) => boolean;
  /** The answer to an invalid post echoes some posted values (so reflection is exercised). */
  echoes: boolean;
  /** Session cookie sent with every post (forms behind sign-in); read when posting. */
  cookie?: () => string;
  /** Authorization header sent with every post (a machine's endpoint behind a bearer token). */
  authorization?: string;
  /**
   * Its part of the run's inputs, relative to the other forms (default 1). Forms whose valid
   * posts are slow by design (password hashing, a minimum answer time) take a smaller part and
   * generate fewer valid posts (`rarely`).
   */
  share?: number;
  /** Posts sent at once (default 25); larger for forms that wait a minimum time per answer. */
  batch?: number;
  /** What must hold of the stored data after every batch, whatever was posted (throws if not). */
  invariant?: (db: Db) => Promise<void>;
};

/** What the generators need from the running app (real ids from the database), filled in before the first run. */
export type FuzzContext = {
  facilityIds: string[];
  /** The referral platform's signed-in people and pools of pending objects (referral-fixtures.ts). */
  referrals?: ReferralWorld;
  /** Facilities for the facility forms (decision 021): one whose profile takes reports, one that is edited. */
  reportSlug?: string;
  editFacilityId?: string;
  /** A specialty the report facility's appointment form offers (decision 041). */
  appointmentSpecialty?: string;
};

/** The request a submission describes. */
export function requestInit(s: Submission): RequestInit {
  if (s.encoding === "multipart") {
    const body = new FormData();
    for (const [name, value] of s.fields) body.append(name, value);
    for (const file of s.files ?? []) {
      body.append(file.field, new File([fileBytes(file)], file.fileName, { type: file.type }));
    }
    return { method: "POST", body };
  }
  if (s.encoding === "json") {
    return {
      method: "POST",
      body: JSON.stringify(Object.fromEntries(s.fields)),
      headers: { "Content-Type": "application/json" },
    };
  }
  const body = s.encoding === "raw" ? s.raw : new URLSearchParams(s.fields).toString();
  return { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
}

export function submissionUrl(s: Submission): string {
  return s.singleFetch ? `${s.path === "/" ? "/_root" : s.path}.data` : s.path;
}

/** The form the action reads: what `request.formData()` gives, or an empty form when the body is not one. */
export async function readPostedForm(s: Submission): Promise<FormData> {
  return new Request(new URL(s.path, APP_ORIGIN), requestInit(s)).formData().catch(() => new FormData());
}

/* ----------------------------------------------------------------------------------------------
 * Value generators
 * -------------------------------------------------------------------------------------------- */

const word = fc.stringMatching(/^[A-Za-z][a-z]{1,11}$/);
const junk = fc.string({ unit: "grapheme", maxLength: 12 });

/** Strings built to break things: markup with the marker, any code point, edge cases, lengths at and past limits. */
export const hostile: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(junk, fc.constantFrom(...HOSTILE_ATOMS), junk).map(([a, b, c]) => a + b + c) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\t\n\r",
      "\u0000",
      "a\u0000b",
      "%00",
      "%",
      "null",
      "undefined",
      "-1",
      "1.5",
      "1e400",
      "NaN",
      "0x1F",
      "[]",
      "{}",
      "\uFEFF",
      "\u202Eevil",
      "' OR 1=1 --",
      "'; drop table users; --",
      "a".repeat(101),
      "😀".repeat(60),
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 95, maxLength: 2100 }) },
);

const email = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(word, word).map(([a, b]) => `${a}.${b}@example.org`.toLowerCase()) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_ATOMS), word).map(([a, b]) => `${a}@${b}.org`) },
);
const phone = fc.stringMatching(/^\+?\d{10,14}$/);
/** An MDC registration number or a HeFRA licence number, as people write them. */
const registrationNumber = fc.oneof(
  fc.stringMatching(/^MDC\/(RN|PN)\/\d{3,6}$/),
  fc.stringMatching(/^HeFRA\/[A-Z]{3}\/20\d{2}\/\d{4}$/),
);
/** A Ghanaian mobile number as people type it (no account has it: the answer is the same). */
const typedGhanaMobile = fc
  .tuple(fc.constantFrom("020", "024", "054", "059", "+23327", "23350"), fc.stringMatching(/^\d{7}$/))
  .map(([prefix, rest]) => `${prefix}${rest}`);
const name = fc.tuple(word, word).map(([a, b]) => `${a} ${b}`);
const text = fc.oneof(name, fc.string({ maxLength: 80 }));
const optional = (valid: fc.Arbitrary<string>) => fc.oneof(valid, fc.constant(""));
/** Mostly hostile: for forms whose valid posts are slow by design, so that fewer of them are valid. */
const rarely = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 1, arbitrary: valid }, { weight: 3, arbitrary: hostile });

type FieldSpec = Record<string, fc.Arbitrary<string>>;

/**
 * The fields of one post. Either every field starts plausible (often valid) and one may then be
 * replaced by a hostile value, or each field is hostile, plausible or missing.
 * Then up to two extra pairs (unknown or repeated names) are appended.
 */
function fieldsOf(spec: FieldSpec): fc.Arbitrary<Array<[string, string]>> {
  const names = Object.keys(spec);
  const plausible = fc.tuple(...names.map((n) => spec[n])).map((values) => names.map((n, i) => [n, values[i]]));
  const nudged = fc
    .tuple(plausible, fc.option(fc.tuple(fc.nat(names.length - 1), hostile), { freq: 2 }))
    .map(([pairs, change]) => {
      if (!change) return pairs;
      const copy = pairs.map((p) => [...p]);
      copy[change[0]][1] = change[1];
      return copy;
    });
  const chaotic = fc
    .tuple(...names.map((n) => fc.option(fc.oneof(spec[n], hostile), { freq: 4 })))
    .map((values) => names.flatMap((n, i) => (values[i] === null ? [] : [[n, values[i]]])));
  const extra = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), hostile), {
    maxLength: 2,
  });
  return fc
    .tuple(fc.oneof(nudged, chaotic), extra)
    .map(([pairs, more]) => [...pairs, ...more] as Array<[string, string]>);
}

/** A post of `fields` to a path: mostly a real form, sometimes JSON or raw text; a few from one busy address. */
function submissions(
  path: fc.Arbitrary<string>,
  fields: fc.Arbitrary<Array<[string, string]>>,
  upload?: { files: fc.Arbitrary<FilePart[]> },
): fc.Arbitrary<Submission> {
  return fc.record({
    path,
    fields,
    // An upload form is mostly posted as multipart (the only way its file reaches the server).
    encoding: upload
      ? fc.constantFrom<Submission["encoding"]>(
          "multipart",
          "multipart",
          "multipart",
          "multipart",
          "urlencoded",
          "json",
        )
      : fc.constantFrom<Submission["encoding"]>("urlencoded", "urlencoded", "urlencoded", "multipart", "json", "raw"),
    raw: fc.string({ unit: "binary", maxLength: 60 }),
    singleFetch: fc.boolean(),
    sharedIp: fc.nat(19).map((n) => n === 0),
    files: upload ? upload.files : fc.constant(undefined),
  });
}

/* ----------------------------------------------------------------------------------------------
 * The forms
 * -------------------------------------------------------------------------------------------- */

const comingSoon = HUBS.filter((h) => h.status === "coming-soon").map((h) => h.id);
const live = HUBS.filter((h) => h.status !== "coming-soon").map((h) => h.id);
const hubPath = fc
  .oneof(
    { weight: 8, arbitrary: fc.constantFrom(...comingSoon) },
    { weight: 1, arbitrary: fc.constantFrom(...live) },
    { weight: 1, arbitrary: hostile.map((s) => [...s].slice(0, 40).join("")) },
  )
  .map((id) => `/hub/${encodeURIComponent(id)}`);

function hubOf(path: string): string {
  try {
    return decodeURIComponent(path.slice("/hub/".length));
  } catch {
    return "";
  }
}

/**
 * Valid when the hub takes sign-ups, the schema passes and, with SMS consent, the phone is a mobile number
 * (decision 025).
 */
const waitlistValid = (form: FormData, s: Submission) => {
  const values = Object.fromEntries(form);
  if (!asWaitlistHub(HUBS.find((h) => h.id === hubOf(s.path))) || !parseWaitlistSubmission(values).ok) return false;
  return values.smsConsent !== "on" || parsePhone(String(values.phone ?? ""), { mobile: true }).ok;
};
/** Sometimes a real Ghanaian mobile number, sometimes anything phone-like; the SMS consent box ticked or not. */
const waitlistPhone = optional(fc.oneof(phone, fc.constantFrom("020 555 0147", "+233245550147", "0302123456")));
const smsConsent = fc.constantFrom("on", "", "off");

/** Sign in and register share /auth: the `intent` field picks the form. */
function authValid(form: FormData): boolean {
  if (form.get("intent") === "register") return registerSchema.safeParse(readFields(form, REGISTER_FIELDS)).success;
  return signInSchema.safeParse(readFields(form, SIGN_IN_FIELDS)).success;
}

export function fuzzForms(context: FuzzContext): FuzzForm[] {
  // Read when generating: the context is filled in once the app (and its database) is up.
  const realFacility = fc.nat().map((i) => context.facilityIds[i % context.facilityIds.length] ?? "");
  const facilityId = fc.oneof(realFacility, fc.uuid(), fc.constant(""));
  const password = fc.string({ unit: "grapheme-ascii", minLength: 6, maxLength: 20 });
  const register = fc
    .tuple(
      fieldsOf({
        intent: fc.constant("register"),
        full_name: name,
        email: rarely(email),
        phone,
        password,
        confirmPassword: password,
        role: fc.constantFrom(...ROLES),
        specialty: optional(text),
        facility_id: facilityId,
        mdc_number: optional(registrationNumber),
        hefra_licence: optional(registrationNumber),
      }),
      fc.boolean(),
    )
    // Often make the confirmation match, or most sign-ups would fail on "Passwords don't match".
    .map(([fields, same]) => {
      const pw = fields.find(([n]) => n === "password");
      const confirm = fields.find(([n]) => n === "confirmPassword");
      if (same && pw && confirm) confirm[1] = pw[1];
      return fields;
    });

  return [
    {
      name: "hub waitlist (professional)",
      submission: submissions(
        hubPath,
        fieldsOf({
          userType: fc.constant("professional"),
          fullName: name,
          email,
          professionalTitle: optional(text),
          specialty: optional(text),
          yearsOfExperience: optional(fc.nat(80).map(String)),
          country: fc.constantFrom("Ghana", "Nigeria", "Kenya"),
          phone: waitlistPhone,
          smsConsent,
          message: optional(text),
        }),
      ),
      isValid: waitlistValid,
      stores: { table: "hub_waitlist", exact: true },
      echoes: true,
      share: 3,
    },
    {
      name: "hub waitlist (facility)",
      submission: submissions(
        hubPath,
        fieldsOf({
          userType: fc.constant("facility"),
          facilityName: text,
          email,
          facilityType: fc.constantFrom(...FACILITY_TYPES.map((t) => t.value)),
          contactPerson: name,
          country: fc.constantFrom("Ghana", "Nigeria", "Kenya"),
          phone: waitlistPhone,
          smsConsent,
          message: optional(text),
        }),
      ),
      isValid: waitlistValid,
      stores: { table: "hub_waitlist", exact: true },
      echoes: true,
      share: 3,
    },
    {
      name: "hub waitlist (patient or family member)",
      submission: submissions(
        hubPath,
        fieldsOf({
          userType: fc.constant("patient"),
          fullName: name,
          email,
          phone: waitlistPhone,
          smsConsent,
        }),
      ),
      isValid: waitlistValid,
      stores: { table: "hub_waitlist", exact: true },
      echoes: true,
      share: 2,
    },
    {
      name: "contact",
      submission: submissions(
        fc.constant("/contact"),
        fieldsOf({
          name,
          email,
          phone: optional(phone),
          subject: fc.constantFrom(...CONTACT_SUBJECT_VALUES),
          message: text,
        }),
      ),
      isValid: (form) => contactSchema.safeParse(readContactForm(form)).success,
      stores: { table: "contact_messages", exact: true },
      echoes: true,
      share: 3,
    },
    {
      name: "register",
      submission: submissions(fc.constant("/auth"), register),
      isValid: authValid,
      stores: { table: "users", exact: false },
      echoes: true,
      batch: 100,
    },
    {
      name: "sign in",
      submission: submissions(
        fc.constant("/auth"),
        fieldsOf({ intent: fc.constant("signin"), email: rarely(email), password }),
      ),
      isValid: authValid,
      echoes: true,
      batch: 100,
    },
    {
      name: "forgot password",
      submission: submissions(fc.constant("/forgot-password"), fieldsOf({ email: rarely(email) })),
      isValid: (form) => forgotPasswordSchema.safeParse(readFields(form, FORGOT_PASSWORD_FIELDS)).success,
      echoes: true,
      batch: 100,
    },
    {
      // Decision 042: a code by SMS to a confirmed number, then the code; anonymous. A number with no
      // approved account stores nothing (the answer is the same), so at most one row per 2xx.
      name: "sign in with your phone",
      submission: submissions(
        fc.constant("/auth/phone"),
        fc.oneof(
          fieldsOf({ intent: fc.constant("send"), phone: fc.oneof(typedGhanaMobile, phone, text) }),
          fieldsOf({
            intent: fc.constant("verify"),
            phone: fc.oneof(typedGhanaMobile, phone, text),
            code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{3} \d{3}$/), text),
          }),
        ),
      ),
      isValid: (form) => {
        const fields = readFields(form, PHONE_SIGN_IN_FIELDS);
        if (fields.intent === "send") return phoneCodeRequestSchema.safeParse(fields).success;
        if (fields.intent === "verify") return phoneCodeSignInSchema.safeParse(fields).success;
        return false;
      },
      stores: { table: "phone_confirmations", exact: false },
      echoes: true,
      // A code request answers no sooner than 600 ms (the same time whether or not the number has an account).
      share: 0.3,
      batch: 100,
    },
    ...referralForms(context),
    ...workspaceForms(context),
    ...facilityForms(context),
    ...appointmentForms(context),
    ...phoneForms(context),
    ...payoutDetailsForms(context),
    ...payoutRunForms(context),
    ...messageForms(context),
    ...adminSignInRuleForms(context),
    ...reviewModerationForms(context),
    ...operationsForms(),
    ...apiClientForms(context),
  ];
}

/** The referral platform's three form actions, each posted as the signed-in user who may use it. */
function referralForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  const pick = (pool: () => string[]) => fc.nat().map((i) => pool()[i % pool().length] ?? "");
  const activeFacility = fc.oneof(
    { weight: 4, arbitrary: fc.constant("").map(() => world().facilityId) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant("") },
  );
  const dateOfBirth = fc
    .date({ min: new Date("1900-01-01"), max: new Date(), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const acknowledgesRedirect = (status: number) => status >= 200 && status < 400;
  return [
    {
      name: "create referral",
      submission: submissions(
        fc.constant("/referrals/create"),
        fieldsOf({
          facility_id: activeFacility,
          patient_name: name,
          patient_phone: phone,
          patient_email: optional(email),
          patient_date_of_birth: optional(dateOfBirth),
          chief_complaint: text,
          clinical_notes: optional(text),
          urgency_level: fc.constantFrom(...URGENCY_LEVELS),
        }),
      ),
      isValid: (form) => {
        const parsed = createReferralSchema.safeParse(readFields(form, CREATE_REFERRAL_FIELDS));
        return parsed.success && parsed.data.facility_id === world().facilityId;
      },
      stores: { table: "referrals", exact: true },
      acknowledges: acknowledgesRedirect,
      echoes: true,
      cookie: () => world().cookies.doctor,
      share: 2,
    },
    {
      name: "reject referral",
      submission: submissions(
        fc.constant("/dashboard/facility-admin"),
        fieldsOf({
          intent: fc.constant("reject"),
          referralId: fc.oneof(
            { weight: 4, arbitrary: pick(() => world().pendingReferrals) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
          reason: text,
        }),
      ),
      isValid: (form) => {
        const { intent, referralId, reason } = readFields(form, ["intent", "referralId", "reason"]);
        return (
          intent === "reject" &&
          world().pendingReferrals.includes(referralId) &&
          rejectionSchema.safeParse({ reason }).success
        );
      },
      // Each rejection writes one audit row (a second one of the same referral is a 409).
      stores: { table: "audit_events", exact: true },
      echoes: false,
      cookie: () => world().cookies.facilityAdmin,
    },
    {
      name: "record payment",
      submission: submissions(
        fc.constant("/dashboard/system-admin"),
        fieldsOf({
          intent: fc.constant("record-payment"),
          paymentId: fc.oneof(
            { weight: 4, arbitrary: pick(() => world().pendingPayments) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
          payment_method: fc.oneof(fc.constantFrom(...PAYMENT_METHODS), text),
          payment_reference: text,
        }),
      ),
      isValid: (form) => {
        const values = readFields(form, ["intent", ...RECORD_PAYMENT_FIELDS]);
        const parsed = recordPaymentSchema.safeParse(values);
        return (
          values.intent === "record-payment" &&
          parsed.success &&
          world().pendingPayments.includes(parsed.data.paymentId)
        );
      },
      // One audit row per payment: the same administrator's repeat of a payment answers 200 as their
      // first did and writes nothing (decision 027).
      stores: { table: "audit_events", exact: false },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      name: "decline account",
      submission: submissions(
        fc.constant("/dashboard/system-admin?tab=users"),
        fieldsOf({
          intent: fc.constant("decline"),
          userId: fc.oneof(
            { weight: 4, arbitrary: pick(() => world().pendingAccounts) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
          reason: text,
        }),
      ),
      isValid: (form) => {
        const values = readFields(form, ["intent", "userId", "reason"]);
        const parsed = declineSchema.safeParse(values);
        return values.intent === "decline" && parsed.success && world().pendingAccounts.includes(parsed.data.userId);
      },
      // Each decline writes one audit row (a second one of the same account is a 409).
      stores: { table: "audit_events", exact: true },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // A system administrator records that an account's registration number was checked.
      name: "record a registration number as checked",
      submission: submissions(
        fc.constant("/dashboard/system-admin/registration-check"),
        fieldsOf({
          userId: fc.oneof(
            { weight: 4, arbitrary: pick(() => world().pendingAccounts) },
            { weight: 1, arbitrary: fc.uuid() },
          ),
          back: fc.constantFrom("/dashboard/system-admin?tab=users", "//evil.example/", "https://evil.example/"),
        }),
      ),
      isValid: (form) => world().pendingAccounts.includes(readFields(form, ["userId"]).userId),
      // One audit row per account's number: a second record answers as the first and writes none;
      // a system administrator's account has no number (409).
      stores: { table: "audit_events", exact: false },
      // Recorded: back to the dashboard page it came from (302; 202 for a single-fetch post).
      acknowledges: (status) => status === 202 || (status >= 300 && status < 400),
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // The registration number page (an account made before numbers were asked).
      name: "give a registration number",
      submission: submissions(fc.constant("/account/registration"), fieldsOf({ number: registrationNumber })),
      isValid: (form) => REGISTRATION_NUMBER_SCHEMAS.mdc.safeParse(readFields(form, ["number"])).success,
      // Saved: on to the dashboard (302; 202 for a single-fetch post). It changes the doctor's row, adds none.
      acknowledges: (status) => status === 202 || (status >= 300 && status < 400),
      echoes: true,
      cookie: () => world().cookies.doctor,
    },
  ];
}

/* ----------------------------------------------------------------------------------------------
 * The referral page's actions (/referrals/:referralNumber)
 * -------------------------------------------------------------------------------------------- */

/** How many referrals each of the referral page's fuzzed actions aims at (referral-fixtures.ts). */
export const WORKSPACE_POOLS: WorkspacePoolSizes = {
  message: 5,
  attach: 10,
  cancel: 20,
  reject: 20,
  complete: 20,
  review: 5,
};

/** The limits the referral page's action reads a multipart post with (routes/referrals/referral.tsx). */
const UPLOAD_PARSE = {
  maxFiles: 1,
  maxFileSize: MAX_ATTACHMENT_BYTES,
  maxParts: 8,
  maxHeaderSize: 8 * 1024,
  maxTotalSize: MAX_ATTACHMENT_BYTES + 64 * 1024,
};

/**
 * The form the referral page's action reads from a post, or null when it refuses the body as
 * unreadable: a multipart post through the same parser and limits (only a part named `file` is
 * kept as a file), anything else as `request.formData()`.
 */
async function workspaceForm(s: Submission): Promise<FormData | null> {
  if (s.encoding !== "multipart") return readPostedForm(s);
  try {
    return await parseFormData(new Request(new URL(s.path, APP_ORIGIN), requestInit(s)), UPLOAD_PARSE, (upload) =>
      upload.fieldName === "file" ? upload : null,
    );
  } catch {
    return null;
  }
}

const REFERRAL_NUMBER = /^REF-\d{4}-\d{6,12}$/i;

/** The referral number a posted path names, as the action finds it (upper case), or null. */
function numberOfPath(path: string): string | null {
  try {
    const number = decodeURIComponent(path.slice("/referrals/".length));
    return REFERRAL_NUMBER.test(number) ? number.toUpperCase() : null;
  } catch {
    return null;
  }
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** First bytes of the four allowed types. */
const ALLOWED_HEADS = [
  ascii("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n"),
  [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii("JFIF\0")],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii("IHDR")],
  [...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBPVP8 ")],
];
/** First bytes that are nearly one of them, or something a browser would render or run. */
const REFUSED_HEADS = [
  ascii("%PDF"),
  ascii("%pdf-1.4"),
  ascii(" %PDF-1.4"),
  [0xef, 0xbb, 0xbf, ...ascii("%PDF-1.4")],
  [0xff, 0xd8],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b],
  [...ascii("RIFF"), 0x24, 0, 0, 0, ...ascii("WEBX")],
  [...ascii("RIFF"), 0x24, 0, 0, ...ascii("WEBP")],
  ascii("RIFF"),
  ascii("GIF89a"),
  ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  ascii("<!DOCTYPE html><html><script>alert(1)</script>"),
  [0x50, 0x4b, 0x03, 0x04],
  ascii("MZ\u0090\0"),
];

const fileHead: fc.Arbitrary<number[]> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ALLOWED_HEADS) },
  { weight: 3, arbitrary: fc.constantFrom(...REFUSED_HEADS) },
  { weight: 1, arbitrary: fc.array(fc.nat(255), { maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...ALLOWED_HEADS), fc.array(fc.nat(255), { maxLength: 40 }))
      .map(([head, tail]) => [...head, ...tail]),
  },
);
const fileName = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "letter.pdf",
      "scan.JPG",
      "x-ray.png",
      "photo.webp",
      "result.exe",
      "page.html",
      "../../etc/passwd",
      "C:\\Users\\nurse\\referral.pdf",
      "",
      ".",
      "...pdf",
      ".htaccess",
      "\u202Efdp.exe",
      "a\u0000b.pdf",
      "new\r\nline.pdf",
      '"quoted"; filename=other.pdf',
      "名前 ✓.pdf",
      `${"x".repeat(300)}.pdf`,
      `${"😀".repeat(200)}.png`,
    ),
  },
  { weight: 2, arbitrary: hostile },
);
const fileType = fc.constantFrom(
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/webp",
  "text/html",
  "image/svg+xml",
  "application/octet-stream",
  "application/x-msdownload",
  "",
);
const filePart: fc.Arbitrary<FilePart> = fc
  .record({
    field: fc.constantFrom("file", "file", "file", "file", "file", "file", "upload", "intent", "body"),
    fileName,
    type: fileType,
    head: fileHead,
    size: fc.oneof(
      { weight: 4, arbitrary: fc.constant(-1) },
      { weight: 5, arbitrary: fc.integer({ min: 0, max: 4096 }) },
      { weight: 2, arbitrary: fc.constantFrom(0, 1, 2, 3, 4, 5, 8, 11, 12) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(MAX_ATTACHMENT_BYTES - 1, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_BYTES + 1),
      },
    ),
  })
  // -1: exactly the head.
  .map((f) => ({ ...f, size: f.size === -1 ? f.head.length : f.size }));
const fileParts = fc.oneof(
  { weight: 8, arbitrary: filePart.map((f) => [f]) },
  { weight: 1, arbitrary: fc.constant([] as FilePart[]) },
  { weight: 1, arbitrary: fc.array(filePart, { minLength: 2, maxLength: 3 }) },
);

/** Text around a limit: blank, at and past `max` characters, padded with spaces that are trimmed. */
function limitText(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: text },
    { weight: 3, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\r\n", "\u0000", "\u0000 \u0000", "\uFEFF", "\u00a0") },
    { weight: 2, arbitrary: fc.string({ minLength: max - 3, maxLength: max + 3 }) },
    { weight: 1, arbitrary: fc.string({ minLength: max - 2, maxLength: max }).map((t) => `  ${t}\n `) },
  );
}

/**
 * What no post may ever leave behind: a message that is blank, untrimmed or longer than 2,000
 * characters; a file whose bytes are not a PDF, JPEG, PNG or WebP (or not the type stored), empty,
 * larger than 10 MB, of another size than recorded, or with an unsafe name; more than 10 files on
 * a referral; a referral cancelled, rejected or completed without its reason or outcome.
 */
async function workspaceInvariant(db: Db): Promise<void> {
  const problems: string[] = [];
  const messages = await db.select({ id: referralMessages.id, body: referralMessages.body }).from(referralMessages);
  for (const m of messages) {
    if (m.body.length < 1 || m.body.length > 2000 || m.body.trim() !== m.body || m.body.includes("\u0000")) {
      problems.push(`message ${m.id} has the body ${JSON.stringify(m.body.slice(0, 80))} (${m.body.length} chars)`);
    }
  }
  const files = await db
    .select({
      id: referralAttachments.id,
      referralId: referralAttachments.referralId,
      fileName: referralAttachments.fileName,
      contentType: referralAttachments.contentType,
      sizeBytes: referralAttachments.sizeBytes,
      sha256: referralAttachments.sha256,
      storageKey: referralAttachments.storageKey,
    })
    .from(referralAttachments);
  const perReferral = new Map<string, number>();
  for (const f of files) {
    perReferral.set(f.referralId, (perReferral.get(f.referralId) ?? 0) + 1);
    // The bytes are in the file store (decision 023): read back, as a download would.
    const stored = f.storageKey ? await fileStore().get(f.storageKey) : null;
    const bytes = stored ? Buffer.from(await new Response(stored).arrayBuffer()) : Buffer.alloc(0);
    if (!stored) problems.push(`file ${f.id} has no bytes in the file store (key ${f.storageKey})`);
    else if (createHash("sha256").update(bytes).digest("hex") !== f.sha256) {
      problems.push(`file ${f.id}'s bytes do not match its SHA-256`);
    }
    const length = bytes.length;
    const head = new Uint8Array(bytes.subarray(0, 16));
    const sniffed = sniffAttachmentType(head);
    if (sniffed === null || sniffed !== f.contentType) {
      problems.push(`file ${f.id} starts with ${Buffer.from(head).toString("hex")} and is stored as ${f.contentType}`);
    }
    if (length < 1 || length > MAX_ATTACHMENT_BYTES || length !== f.sizeBytes) {
      problems.push(`file ${f.id} has ${length} bytes (recorded ${f.sizeBytes})`);
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
    if (!f.fileName || /[/\\\u0000-\u001f\u007f\u202a-\u202e]/.test(f.fileName) || [...f.fileName].length > 255) {
      problems.push(`file ${f.id} is named ${JSON.stringify(f.fileName)}`);
    }
  }
  for (const [referralId, n] of perReferral) {
    if (n > MAX_ATTACHMENTS) problems.push(`referral ${referralId} has ${n} files`);
  }
  const closed = await db
    .select({
      id: referrals.id,
      status: referrals.status,
      text: sql<string | null>`case ${referrals.status} when 'cancelled' then ${referrals.cancellationReason}
        when 'rejected' then ${referrals.rejectionReason} else ${referrals.outcomeNote} end`,
    })
    .from(referrals)
    .where(sql`${referrals.status} in ('cancelled', 'rejected', 'completed')`);
  const maxOf = { cancelled: 1000, rejected: 1000, completed: 5000 } as Record<string, number>;
  for (const r of closed) {
    const t = r.text ?? "";
    if (t.length < 1 || t.length > maxOf[r.status] || t.trim() !== t) {
      problems.push(`referral ${r.id} was ${r.status} with ${JSON.stringify(t.slice(0, 80))} (${t.length} chars)`);
    }
  }
  if (problems.length) throw new Error(`stored data breaks the rules:\n${problems.slice(0, 20).join("\n")}`);
}

/**
 * The referral page's posts, each as the person who may make it, on its own pool of referrals:
 * a message and a file (the doctor), a cancellation (the doctor), a rejection and a completion
 * (the facility's administrator). The address names the referral (a posted `referralId` is a decoy
 * the action must ignore); some addresses are lower case (the same referral), missing, malformed
 * or hostile.
 */
function workspaceForms(context: FuzzContext): FuzzForm[] {
  const pools = () => {
    const pools = context.referrals?.workspace;
    if (!pools) throw new Error("the referral world has no workspace pools");
    return pools;
  };
  const cookies = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals.cookies;
  };
  const pick = (pool: () => string[]) => fc.nat().map((i) => pool()[i % pool().length] ?? "");
  const pagePath = (pool: () => string[]) =>
    fc
      .oneof(
        { weight: 12, arbitrary: pick(pool) },
        { weight: 1, arbitrary: pick(pool).map((n) => n.toLowerCase()) },
        {
          weight: 1,
          arbitrary: fc.constantFrom("REF-2099-999999", "REF-1999-000001", "REF-1", "REF-2026-1234567890123", "ref"),
        },
        { weight: 1, arbitrary: hostile.map((s) => [...s].slice(0, 40).join("")) },
      )
      // An empty number is another address (/referrals/, the spec's redirect), not this page; so is
      // "_" asked for as React Router's single fetch (`/referrals/_.data` is how it asks for /referrals/).
      .filter((n) => n.length > 0 && n !== "_")
      .map((n) => `/referrals/${encodeURIComponent(n)}`);
  const inPool = (s: Submission, pool: string[]) => {
    const number = numberOfPath(s.path);
    return number !== null && pool.includes(number);
  };
  const decoyId = fc.option(fc.oneof(fc.uuid(), hostile), { freq: 2 });

  type TextIntent = { intent: "message" | "cancel" | "reject" | "complete"; field: "body" | "reason" | "outcome" };
  const textForm = (
    name: string,
    { intent, field }: TextIntent,
    pool: keyof WorkspacePools,
    valid: (value: string) => boolean,
    max: number,
    as: "doctor" | "facilityAdmin",
    stores: string,
    /**
     * One row per acknowledged post. A transition is not: the same person's repeat of it (a double
     * tap, a retry) answers 200 as their first did and writes nothing (decision 027).
     */
    exact = true,
  ): FuzzForm => ({
    name,
    submission: submissions(
      pagePath(() => pools()[pool]),
      fieldsOf({ intent: fc.constant(intent), [field]: limitText(max) }).chain((fields) =>
        decoyId.map((id) => (id === null ? fields : [...fields, ["referralId", id] as [string, string]])),
      ),
    ),
    isValid: async (_form, s) => {
      const form = await workspaceForm(s);
      if (!form) return false;
      const values = readFields(form, ["intent", field]);
      return values.intent === intent && inPool(s, pools()[pool]) && valid(values[field]);
    },
    stores: { table: stores, exact },
    echoes: false,
    cookie: () => cookies()[as],
    invariant: workspaceInvariant,
  });

  return [
    textForm(
      "referral message",
      { intent: "message", field: "body" },
      "message",
      (body) => messageSchema.safeParse({ body }).success,
      2000,
      "doctor",
      "referral_messages",
    ),
    textForm(
      "cancel referral",
      { intent: "cancel", field: "reason" },
      "cancel",
      (reason) => cancelSchema.safeParse({ reason }).success,
      1000,
      "doctor",
      // Each cancellation writes one audit row; a second one of the same referral writes none
      // (the doctor's repeat answers as the first did, decision 027).
      "audit_events",
      false,
    ),
    textForm(
      "reject referral (its page)",
      { intent: "reject", field: "reason" },
      "reject",
      (reason) => rejectionSchema.safeParse({ reason }).success,
      1000,
      "facilityAdmin",
      "audit_events",
      false,
    ),
    textForm(
      "complete referral",
      { intent: "complete", field: "outcome" },
      "complete",
      (outcome) => outcomeSchema.safeParse({ outcome }).success,
      5000,
      "facilityAdmin",
      "audit_events",
      false,
    ),
    {
      name: "attach file",
      submission: submissions(
        pagePath(() => pools().attach),
        fieldsOf({ intent: fc.constant("attach") }).chain((fields) =>
          decoyId.map((id) => (id === null ? fields : [...fields, ["referralId", id] as [string, string]])),
        ),
        { files: fileParts },
      ),
      isValid: async (_form, s) => {
        const form = await workspaceForm(s);
        if (!form || readFields(form, ["intent"]).intent !== "attach" || !inPool(s, pools().attach)) return false;
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0 || file.size > MAX_ATTACHMENT_BYTES) return false;
        return sniffAttachmentType(new Uint8Array(await file.arrayBuffer())) !== null;
      },
      // Every acknowledged upload is one file (the 11th on a referral is a 409 and stores nothing).
      stores: { table: "referral_attachments", exact: true },
      echoes: false,
      cookie: () => cookies().doctor,
      invariant: workspaceInvariant,
      // Uploads of up to 10 MB: fewer at once.
      batch: 10,
    },
    {
      // The referring doctor's review of the facility, posted to the referral's review route.
      name: "review the facility (completed referral)",
      submission: submissions(
        pagePath(() => pools().review).map((p) => `${p}/review`),
        fieldsOf({ rating: fc.constantFrom("1", "2", "3", "4", "5", "0", "6", "4.5"), comment: limitText(500) }),
      ),
      isValid: (form, s) =>
        inPool({ ...s, path: s.path.slice(0, -"/review".length) }, pools().review) &&
        reviewSchema.safeParse(readFields(form, ["rating", "comment"])).success,
      // One review per referral: a second post changes it (no new row).
      stores: { table: "facility_reviews", exact: false },
      // A saved review redirects to the referral's page (302; 202 for a single-fetch post).
      acknowledges: (status) => status === 202 || (status >= 300 && status < 400),
      // A refused post without JavaScript shows the review page with the comment in its field.
      echoes: true,
      cookie: () => cookies().doctor,
    },
  ];
}

/* ----------------------------------------------------------------------------------------------
 * Facilities managed in the product (decision 021): the public report form and the editor
 * -------------------------------------------------------------------------------------------- */

const time = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
  fc.constant(""),
);
const lines = (item: fc.Arbitrary<string>, max: number) =>
  fc.array(item, { minLength: 1, maxLength: max }).map((items) => items.join("\n"));

function facilityForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals || !context.reportSlug || !context.editFacilityId) {
      throw new Error("the facility forms' context is not set up");
    }
    return { cookies: context.referrals.cookies, reportSlug: context.reportSlug, editId: context.editFacilityId };
  };
  /** The facility form's fields (the same form adds a facility and edits one). */
  const facilityFields: FieldSpec = {
    intent: fc.constant("save"),
    name: name.map((n) => `${n} Clinic`),
    type: fc.constantFrom("hospital", "clinic", "diagnostic", "specialty"),
    location: name,
    country: fc.constantFrom("ghana", "nigeria", "kenya"),
    address: name.map((n) => `12 ${n} Road, Accra`),
    description: fc.string({ minLength: 10, maxLength: 120 }),
    about: fc.string({ minLength: 20, maxLength: 300 }),
    services: lines(name, 4),
    specialties: lines(
      fc.tuple(word, text).map(([a, b]) => `${a}: ${b}`),
      3,
    ),
    languages: lines(word, 3),
    phones: lines(phone, 2),
    email,
    website: optional(word.map((w) => `https://${w.toLowerCase()}.example.org`)),
    emergency: fc.constantFrom("", "on"),
    nhis_accepted: fc.constantFrom("", "on"),
    verified: fc.constantFrom("", "on"),
    hefra_licence: optional(fc.stringMatching(/^[A-Z]{2,5}\/[0-9]{2,6}$/)),
    licence_verified_on: optional(fc.constantFrom("2026-01-15", "2025-06-30", "2999-01-01", "2026-02-30")),
    hours_mode: fc.constantFrom("unknown", "all-day", "weekly"),
    hours_mon_opens: time,
    hours_mon_closes: time,
    hours_sun_opens: time,
    hours_sun_closes: time,
  };
  const editor = fieldsOf(facilityFields);
  const facilityFormValid = (form: FormData) =>
    form.get("intent") === "save" && facilitySchema.safeParse(readFacilityForm(form)).success;
  return [
    {
      name: "report wrong information",
      submission: submissions(
        fc.constant(null).map(() => `/facility/${world().reportSlug}/report`),
        fieldsOf({ details: fc.string({ minLength: 8, maxLength: 200 }), email: optional(email) }),
      ),
      isValid: (form) => facilityReportSchema.safeParse(readFields(form, ["details", "email"])).success,
      stores: { table: "facility_reports", exact: true },
      echoes: true,
    },
    {
      name: "edit facility",
      submission: submissions(
        fc.constant(null).map(() => `/dashboard/facilities/${world().editId}`),
        editor,
      ),
      isValid: facilityFormValid,
      // A save that changes nothing writes no audit row; a save that does, one; it answers with a redirect.
      stores: { table: "audit_events", exact: false },
      acknowledges: (status) => status >= 200 && status < 400,
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // Adding a facility: the action reads the same fields (it ignores `intent`). A valid post adds
      // exactly one facility and answers with a redirect to its editor; an invalid one, 400 and nothing.
      name: "add facility",
      submission: submissions(fc.constant("/dashboard/system-admin/facilities/new"), fieldsOf(facilityFields)),
      isValid: (form) => facilitySchema.safeParse(readFacilityForm(form)).success,
      stores: { table: "facilities", exact: true },
      acknowledges: (status) => status >= 200 && status < 400,
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // A live hub stays live here (a coming-soon hub made live would change which hubs take
      // waitlist sign-ups under the waitlist forms' feet); its texts, address and capacity vary.
      name: "edit hub",
      submission: submissions(
        fc.constant("/dashboard/system-admin/hubs/black-skin-acne"),
        fieldsOf({
          intent: fc.constant("save"),
          title: name,
          description: fc.string({ minLength: 10, maxLength: 200 }),
          status: fc.constant("live"),
          launch_date: optional(fc.constantFrom("2027-Q1", "2027-11", "2027-13", "Q1")),
          external_url: fc.constantFrom("https://acne.example.org", "http://acne.example.org", ""),
          capacity: fc.oneof(fc.nat(200_000).map(String), fc.constant("")),
          problem: fc.string({ minLength: 10, maxLength: 200 }),
          agitation: fc.string({ minLength: 10, maxLength: 200 }),
          solution: fc.string({ minLength: 10, maxLength: 200 }),
          benefits: lines(name, 3),
          target_audience: lines(name, 3),
          perks: lines(name, 3),
        }),
      ),
      isValid: (form) => form.get("intent") === "save" && hubSchema.safeParse(readFields(form, HUB_FIELDS)).success,
      stores: { table: "audit_events", exact: false },
      acknowledges: (status) => status >= 200 && status < 400,
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // An update to a live hub's waitlist (nobody is Pending there: no mail, one notification row each).
      name: "send update to hub waitlist",
      submission: submissions(
        fc.constant("/dashboard/system-admin/hubs/black-skin-acne"),
        fieldsOf({
          intent: fc.constant("update"),
          subject: text,
          message: fc.oneof(fc.string({ minLength: 10, maxLength: 400 }), text),
          // The confirmed post (the confirmation step itself is fuzzed with "launch", below).
          confirmed: fc.constant("yes"),
        }),
      ),
      isValid: (form) =>
        form.get("intent") === "update" && hubUpdateSchema.safeParse(readFields(form, ["subject", "message"])).success,
      stores: { table: "hub_notifications", exact: true },
      // A confirmed valid post sends and redirects with its toast (302; 202 for a single-fetch post), so
      // a reload cannot send it twice; a post whose `confirmed` was lost gets the confirmation step
      // (200) and stores nothing; a refused one, 4xx and nothing.
      acknowledges: (status) => status === 202 || (status >= 300 && status < 400),
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
    },
    {
      // "Launch hub" on a hub that is already live: a valid address is refused (409) and nothing is
      // written; an invalid one gets its message (400).
      name: "launch hub (already live)",
      submission: submissions(
        fc.constant("/dashboard/system-admin/hubs/black-skin-acne"),
        fieldsOf({
          intent: fc.constant("launch"),
          confirmed: fc.constantFrom("yes", "no"),
          external_url: fc.oneof(
            fc.constantFrom("https://acne.example.org", "http://acne.example.org", "", "https://"),
            fc.webUrl(),
          ),
        }),
      ),
      isValid: (form) =>
        form.get("intent") === "launch" && hubLaunchSchema.safeParse(readFields(form, ["external_url"])).success,
      stores: { table: "hub_notifications", exact: true },
      // Unconfirmed: the confirmation step (200, nothing stored); confirmed: 409 on a live hub.
      acknowledges: (status) => status >= 300 && status < 400,
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
    },
  ];
}

/**
 * The notifications page's phone forms (decision 025): a code to a number, the code back. Valid posts
 * send codes (to the outbox) until the per-number and per-account limits answer 429.
 */
function phoneForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  const ghanaMobile = fc
    .tuple(
      fc.constantFrom("020", "024", "027", "050", "054", "055", "059", "+23320", "23324"),
      fc.stringMatching(/^\d{7}$/),
    )
    .map(([prefix, rest]) => `${prefix}${rest}`);
  return [
    {
      name: "phone: send code / confirm",
      submission: submissions(
        fc.constant("/account/notifications"),
        fc.oneof(
          fieldsOf({ intent: fc.constant("send-code"), phone: fc.oneof(ghanaMobile, phone, text) }),
          fieldsOf({
            intent: fc.constant("confirm"),
            code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^\d{3} \d{3}$/), text),
          }),
        ),
      ),
      isValid: (form) => {
        const { intent, phone: number, code } = readFields(form, ["intent", "phone", "code"]);
        if (intent === "send-code") return sendCodeSchema.safeParse({ intent, phone: number }).success;
        if (intent === "confirm") return confirmCodeSchema.safeParse({ intent, code }).success;
        return false;
      },
      // A valid number may still be refused (not a mobile number, a limit reached): at most one row per 2xx.
      stores: { table: "phone_confirmations", exact: false },
      echoes: true,
      cookie: () => world().cookies.doctor,
      share: 0.5,
    },
    {
      name: "notification preferences",
      submission: submissions(
        fc.constant("/account/notifications"),
        fc
          .tuple(
            fieldsOf({
              intent: fc.constant("preferences"),
              quiet: fc.constantFrom("on", "off"),
              quiet_start: fc.oneof(fc.constantFrom("21:00", "22:30", "00:00"), text),
              quiet_end: fc.oneof(fc.constantFrom("07:00", "06:15", "23:59"), text),
            }),
            fc.subarray(
              Object.keys(NOTIFICATION_EVENTS).flatMap((event) =>
                NOTIFICATION_CHANNELS.map((channel) => `${event}:${channel}`),
              ),
            ),
          )
          .map(([fields, ticked]) => [...fields, ...ticked.map((name): [string, string] => [name, "on"])]),
      ),
      // What the action reads: every posted field by name (the last of repeated ones), as text.
      isValid: (form) => {
        const fields = Object.fromEntries(
          [...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]),
        );
        return fields.intent === "preferences" && preferencesSchema.safeParse(fields).success;
      },
      // One row per account, saved again in place.
      stores: { table: "notification_preferences", exact: false },
      echoes: false,
      cookie: () => world().cookies.facilityAdmin,
      share: 0.5,
    },
    {
      // The language of the account's messages (decision 048): a choice among those offered, saved in place.
      name: "message languages",
      submission: submissions(
        fc.constant("/account/notifications"),
        fieldsOf({
          intent: fc.constant("language"),
          language: fc.oneof(fc.constantFrom("en", "fr", "ak", "ha"), text),
          sms_language: fc.oneof(fc.constantFrom("same", "en", "fr", "ak", "ha"), text),
        }),
      ),
      isValid: (form) =>
        messageLanguageSchema.safeParse(readFields(form, ["intent", "language", "sms_language"])).success,
      echoes: false,
      cookie: () => world().cookies.doctor,
      share: 0.3,
      invariant: async (db) => {
        const bad = await db.execute(
          sql`select 1 from users where language not in ('en', 'fr') or sms_language not in ('en', 'fr', 'ak')`,
        );
        if (bad.rows.length > 0) throw new Error("a language outside the choices was stored");
      },
    },
  ];
}

/**
 * Where a doctor is paid (decision 026): a change asked for (codes by SMS and email, and by SMS to a
 * wallet whose holder the payout provider could not name: decision 032, point 5), the codes back.
 * A valid request may still be refused (no confirmed number: 409; 5 a day: 429): at most one row per 2xx.
 */
function payoutDetailsForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  const ghanaMobile = fc
    .tuple(fc.constantFrom("024", "054", "020", "027", "+23355"), fc.stringMatching(/^\d{7}$/))
    .map(([prefix, rest]) => `${prefix}${rest}`);
  return [
    {
      name: "payout details: request / confirm",
      submission: submissions(
        fc.constant("/account/payout-details"),
        fc.oneof(
          fieldsOf({
            intent: fc.constant("request"),
            method: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("mobile_money", "bank") },
              { weight: 1, arbitrary: text },
            ),
            network: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("MTN", "TELECEL", "AT", "") },
              { weight: 1, arbitrary: text },
            ),
            mobile_number: fc.oneof(
              { weight: 4, arbitrary: ghanaMobile },
              { weight: 1, arbitrary: phone },
              { weight: 1, arbitrary: text },
            ),
            bank_code: fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^\d{6}$/) }, { weight: 1, arbitrary: text }),
            account_number: fc.oneof(
              { weight: 3, arbitrary: fc.stringMatching(/^\d{8,20}$/) },
              { weight: 1, arbitrary: text },
            ),
            account_name: fc.oneof(
              { weight: 4, arbitrary: fc.constantFrom("Dr Ama Mensah", "Kofi Boateng") },
              { weight: 1, arbitrary: text },
            ),
          }),
          fieldsOf({
            intent: fc.constant("confirm"),
            sms_code: fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^\d{6}$/) }, { weight: 1, arbitrary: text }),
            email_code: fc.oneof(
              { weight: 3, arbitrary: fc.stringMatching(/^\d{6}$/) },
              { weight: 1, arbitrary: text },
            ),
            // Decision 032, point 5: the wallet's own code, and the doctor's word on a holder's name that differs.
            wallet_code: fc.oneof(
              { weight: 3, arbitrary: fc.stringMatching(/^\d{6}$/) },
              { weight: 1, arbitrary: text },
            ),
            accept_name: fc.oneof({ weight: 3, arbitrary: fc.constant("on") }, { weight: 1, arbitrary: text }),
          }),
        ),
      ),
      isValid: (form) => {
        const fields = readFields(form, [
          "intent",
          "method",
          "network",
          "mobile_number",
          "bank_code",
          "account_number",
          "account_name",
          "sms_code",
          "email_code",
          "wallet_code",
          "accept_name",
        ]);
        if (fields.intent === "request") return requestPayoutDetailsSchema.safeParse(fields).success;
        if (fields.intent === "confirm") return confirmPayoutDetailsSchema.safeParse(fields).success;
        return false;
      },
      stores: { table: "payout_detail_changes", exact: false },
      echoes: true,
      cookie: () => world().cookies.doctor,
      share: 0.5,
    },
  ];
}

/**
 * Payout runs (decision 026), system administrators: prepare and reconcile, approve and cancel a run.
 * The fuzzing world's doctors have no payout details, so a run is never prepared (409) and no
 * transfer is sent; approving or cancelling an unknown run is a 404. Never a 5xx, never a stored row
 * from an invalid post.
 */
function payoutRunForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  const runIntent = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("prepare", "reconcile", "approve", "cancel", "retry", "") },
    { weight: 1, arbitrary: text },
  );
  return [
    {
      name: "payout runs: prepare / reconcile",
      submission: submissions(fc.constant("/dashboard/system-admin/payouts"), fieldsOf({ intent: runIntent })),
      isValid: (form) => ["prepare", "reconcile"].includes(readFields(form, ["intent"]).intent),
      stores: { table: "payout_runs", exact: false },
      acknowledges: (status) => status >= 200 && status < 400,
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
    },
    {
      name: "payout run: approve / cancel",
      submission: submissions(
        fc.oneof(
          fc.uuid().map((id) => `/dashboard/system-admin/payouts/${id}`),
          text.map((t) => `/dashboard/system-admin/payouts/${encodeURIComponent(t) || "x"}`),
        ),
        fieldsOf({ intent: runIntent, transferId: fc.oneof(fc.uuid(), text) }),
      ),
      // A well-formed approve, cancel or retry in a run; none exists here, so each is a 404 and nothing is stored.
      isValid: (form, submission) =>
        /^\/dashboard\/system-admin\/payouts\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(
          submission.path,
        ) && ["approve", "cancel", "retry"].includes(readFields(form, ["intent"]).intent),
      stores: { table: "payout_runs", exact: false },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
    },
  ];
}

/**
 * How system administrators sign in (decision 042), on the System administrators screen: password only
 * or the phone too. A valid post changes the one row (and audits a change; the same value again
 * writes nothing), so its audit rows are "at most one"; anything else is a 400 and writes nothing.
 * Whatever is posted, the table keeps its one row at most.
 */
function adminSignInRuleForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  return [
    {
      name: "how system administrators sign in",
      submission: submissions(
        fc.constant("/dashboard/system-admin/administrators"),
        fieldsOf({
          intent: fc.oneof({ weight: 4, arbitrary: fc.constant("sign-in-rule") }, { weight: 1, arbitrary: text }),
          passwordOnly: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom("on", "off") },
            { weight: 1, arbitrary: text },
          ),
        }),
      ),
      isValid: (form) => adminSignInRuleSchema.safeParse(readFields(form, ["intent", "passwordOnly"])).success,
      stores: { table: "audit_events", exact: false },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
      invariant: async (db) => {
        const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from sign_in_policy`);
        if (Number(rows.rows[0]?.n) > 1) throw new Error("sign_in_policy holds more than one row");
      },
    },
  ];
}

/**
 * Retry on the Messages screen (decision 024), system administrators. The fuzzing world has no failed
 * message: a well-formed retry names no message (404) and queues nothing; an audit row could only
 * come from a 2xx.
 */
function messageForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  return [
    {
      name: "messages: retry",
      submission: submissions(
        fc.constant("/dashboard/system-admin/messages"),
        fieldsOf({
          intent: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("retry", "") }, { weight: 1, arbitrary: text }),
          messageId: fc.oneof(fc.uuid(), text),
        }),
      ),
      isValid: (form) => {
        const { intent, messageId } = readFields(form, ["intent", "messageId"]);
        return intent === "retry" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(messageId);
      },
      stores: { table: "audit_events", exact: false },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
    },
  ];
}

/* ----------------------------------------------------------------------------------------------
 * Appointment requests (decision 041): the profile's form, the facility's moves, the patient's link
 * -------------------------------------------------------------------------------------------- */

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
/** Plausible four times in five, so that valid requests reach the server's own checks and the store. */
const mostly = (valid: fc.Arbitrary<string>, other: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: other });
const APPOINTMENT_FIELDS = ["name", "phone", "specialty", "day", "part", "language", "consent"] as const;

function appointmentForms(context: FuzzContext): FuzzForm[] {
  const slug = () => {
    if (!context.reportSlug || !context.referrals) throw new Error("the appointment forms' context is not set up");
    return context.reportSlug;
  };
  const soon = fc
    .integer({ min: -3, max: 120 })
    .map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
  return [
    {
      name: "request an appointment",
      submission: submissions(
        fc.constant(null).map(() => `/facility/${slug()}/appointment`),
        fieldsOf({
          name,
          phone: mostly(
            fc.integer({ min: 0, max: 9_999_999 }).map((n) => `024${String(n).padStart(7, "0")}`),
            fc.oneof(phone, fc.constantFrom("0302123456", "+233205550147")),
          ),
          specialty: mostly(
            fc.constant(null).map(() => context.appointmentSpecialty ?? "General consultation"),
            fc.oneof(fc.constantFrom("General consultation", "Cardiology"), word),
          ),
          day: mostly(soon, fc.constantFrom("2026-02-30", "tomorrow", "")),
          part: mostly(fc.constantFrom("morning", "afternoon"), fc.constant("evening")),
          language: mostly(fc.constantFrom("en", "fr"), fc.constant("tw")),
          consent: mostly(fc.constant("on"), fc.constantFrom("", "yes")),
        }),
      ),
      // The action hands the domain function each field's first value (undefined when missing).
      isValid: (form) =>
        appointmentRequestSchema.safeParse(
          Object.fromEntries(APPOINTMENT_FIELDS.map((f) => [f, form.get(f) ?? undefined])),
        ).success,
      stores: { table: "appointment_requests", exact: true },
      echoes: true,
    },
    {
      // No request of this facility is waiting here: a valid move names a missing one (404), and
      // nothing is written whatever is posted (the moves are tested in appointments.server.db.test.ts).
      name: "answer an appointment request",
      submission: submissions(
        fc.constant("/dashboard/facility-admin/appointments"),
        fieldsOf({
          intent: fc.constantFrom("confirm", "propose", "decline", "attended", "no_show", "accept"),
          requestId: fc.oneof(fc.constant(MISSING_ID), fc.uuid(), fc.constant("")),
          slot_day: fc.oneof(soon, fc.constant("")),
          slot_time: fc.oneof(time, fc.constant("25:00")),
          reason: fc.constantFrom("fully_booked", "not_offered", "because", ""),
        }),
      ),
      isValid: (form) => {
        const intent = form.get("intent");
        return isFacilityMove(intent) && parseSubmission(form, FACILITY_MOVE_SCHEMAS[intent]).status === "success";
      },
      stores: { table: "audit_events", exact: false },
      echoes: false,
      cookie: () => context.referrals!.cookies.facilityAdmin,
    },
    {
      // The patient's link with a forged token: a move is a 404, anything else a 400; nothing written.
      name: "move by the patient's link",
      submission: submissions(
        fc.constantFrom(`/appointment/${MISSING_ID}.forged`, "/appointment/forged"),
        fieldsOf({ intent: fc.constantFrom("prove", "patient_confirm", "accept", "cancel", "expire", "confirm") }),
      ),
      isValid: (form) => isPatientMove(form.get("intent")),
      echoes: false,
    },
  ];
}

/**
 * Restore / Remove of a reported review comment, system administrators. The fuzzing
 * world has no reported comment: a well-formed decision names none (404) and changes nothing; an
 * audit row could only come from a 2xx.
 */
function reviewModerationForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  return [
    {
      name: "reviews: restore or remove a reported comment",
      submission: submissions(
        fc.constant("/dashboard/system-admin/reviews"),
        fieldsOf({
          intent: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom("restore", "remove", "") },
            { weight: 1, arbitrary: text },
          ),
          reviewId: fc.oneof(fc.uuid(), text),
        }),
      ),
      isValid: (form) => {
        const { intent, reviewId } = readFields(form, ["intent", "reviewId"]);
        return (
          (intent === "restore" || intent === "remove") &&
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reviewId)
        );
      },
      stores: { table: "audit_events", exact: false },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
    },
  ];
}

/** The backup job's report: posted with the built app's BACKUP_REPORT_TOKEN. */
function operationsForms(): FuzzForm[] {
  return [
    {
      // The backup job's report: a bearer token, no session; every field optional.
      name: "backup report",
      submission: submissions(
        fc.constant("/operations/backup-report"),
        fieldsOf({
          status: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("ok", "failed") }, { weight: 1, arbitrary: text }),
          size_bytes: optional(fc.oneof(fc.nat().map(String), text)),
          note: optional(text),
        }),
        // A resource route: no `.data` variant.
      ).map((s) => ({ ...s, singleFetch: false })),
      isValid: (form) => backupReportSchema.safeParse(backupReportFields(form)).success,
      stores: { table: "backup_reports", exact: true },
      echoes: false,
      authorization: `Bearer ${BACKUP_REPORT_TOKEN}`,
      share: 0.3,
    },
  ];
}

/** A real ES384 public key (its private half was never kept): what a hospital system registers. */
const FUZZ_JWKS = JSON.stringify({
  keys: [
    {
      kty: "EC",
      x: "-hLG3EbdWTAEU1OjytzlW8DcfBDbnqkdCqNLcq0t4FnsIIsuekD51Yfj60GGzy5w",
      y: "7TWBN-88UPRfjogeMI2xqh8gNXkLca7SIckjzcFKG8AlKOq2ArIj9xQq9_0qfL2N",
      crv: "P-384",
      kid: "fuzz-1",
      alg: "ES384",
    },
  ],
});

/**
 * Hospital systems (decisions 034 and 047), system administrators: register one (the network's, with a real
 * public key, or garbage keys, scopes and facilities the domain refuses), change one's scopes and
 * revoke one (an unknown id: 404). Only a valid name with the real key, no facility and reading
 * only stores a client. (No JWKS address is fuzzed: it would be fetched.)
 */
function apiClientForms(context: FuzzContext): FuzzForm[] {
  const world = () => {
    if (!context.referrals) throw new Error("the referral world is not set up");
    return context.referrals;
  };
  return [
    {
      name: "hospital systems: register / scopes / revoke",
      submission: submissions(
        fc.constant("/dashboard/system-admin/api-clients"),
        fieldsOf({
          intent: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom("register", "revoke", "scopes") },
            { weight: 1, arbitrary: text },
          ),
          name: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom("Korle Bu EMR", "  ") },
            { weight: 1, arbitrary: text },
          ),
          facility: fc.oneof({ weight: 3, arbitrary: fc.constant("") }, { weight: 1, arbitrary: text }),
          // The network's client may only read: any other scope (or none) is refused.
          scopes: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom("system/*.rs", "system/Task.u") },
            { weight: 1, arbitrary: text },
          ),
          jwks: fc.oneof({ weight: 3, arbitrary: fc.constant(FUZZ_JWKS) }, { weight: 1, arbitrary: text }),
          clientId: fc.oneof(fc.uuid(), text),
        }),
      ),
      isValid: (form) => {
        const fields = ["intent", "name", "facility", "jwks"] as const;
        // A field posted twice is a list to the form's parser, which the schema refuses (but for
        // the scopes' checkboxes, which are a list).
        if (fields.some((f) => form.getAll(f).length > 1)) return false;
        const { intent, name, facility, jwks } = readFields(form, fields);
        const scopes = form.getAll("scopes").map(String);
        return (
          intent === "register" &&
          apiClientSchema.safeParse({ name, facility, jwks, scopes }).success &&
          facility === "" &&
          scopes.length > 0 &&
          scopes.every((scope) => scope === "system/*.rs") &&
          jwks === FUZZ_JWKS
        );
      },
      stores: { table: "api_clients", exact: false },
      echoes: true,
      cookie: () => world().cookies.systemAdmin,
      share: 0.3,
    },
  ];
}
