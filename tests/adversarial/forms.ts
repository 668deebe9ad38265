import fc from "fast-check";
import { ROLES } from "~/auth/roles";
import { CONTACT_SUBJECT_VALUES } from "~/content/contact";
import { HUBS } from "~/content/hubs";
import { FORGOT_PASSWORD_FIELDS, forgotPasswordSchema } from "~/features/accounts/forgot-password-schema";
import { readFields, validateForm } from "~/features/accounts/form-errors";
import { REGISTER_FIELDS, registerSchema } from "~/features/accounts/register-schema";
import { SIGN_IN_FIELDS, signInSchema } from "~/features/accounts/sign-in-schema";
import { readContactForm } from "~/features/contact/contact-fields";
import { validateContact } from "~/features/contact/contact-schema";
import {
  CREATE_REFERRAL_FIELDS,
  createReferralSchema,
  PAYMENT_METHODS,
  RECORD_PAYMENT_FIELDS,
  recordPaymentSchema,
  rejectionSchema,
} from "~/features/referrals/referral-schema";
import { URGENCY_LEVELS } from "~/features/referrals/referral-status";
import { getWaitlistHub } from "~/features/waitlist/waitlist-hubs";
import { FACILITY_TYPES, parseWaitlistSubmission } from "~/features/waitlist/waitlist-schema";
import { APP_ORIGIN } from "./built-app";
import type { ReferralWorld } from "./referral-fixtures";
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
};

export type FuzzForm = {
  name: string;
  submission: fc.Arbitrary<Submission>;
  /** The shared schema's verdict on what the server reads from this post: may it store anything? */
  isValid(form: FormData, submission: Submission): boolean;
  /** The table a valid submission adds a row to; exact: every acknowledged answer adds exactly one row. */
  stores?: { table: string; exact: boolean };
  /** Which answers acknowledge a write (default: 2xx; a form that redirects on success adds 3xx). */
  acknowledges?: (status: number) => boolean;
  /** The answer to an invalid post echoes some posted values (so reflection is exercised). */
  echoes: boolean;
  /** Session cookie sent with every post (forms behind sign-in); read when posting. */
  cookie?: () => string;
  /**
   * Its part of the run's inputs, relative to the other forms (default 1). Forms whose valid
   * posts are slow by design (password hashing, a minimum answer time) take a smaller part and
   * generate fewer valid posts (`rarely`).
   */
  share?: number;
  /** Posts sent at once (default 25); larger for forms that wait a minimum time per answer. */
  batch?: number;
};

/** What the generators need from the running app (real ids from the database), filled in before the first run. */
export type FuzzContext = {
  facilityIds: string[];
  /** The referral platform's signed-in people and pools of pending objects (referral-fixtures.ts). */
  referrals?: ReferralWorld;
};

/** The request a submission describes. */
export function requestInit(s: Submission): RequestInit {
  if (s.encoding === "multipart") {
    const body = new FormData();
    for (const [name, value] of s.fields) body.append(name, value);
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
): fc.Arbitrary<Submission> {
  return fc.record({
    path,
    fields,
    encoding: fc.constantFrom<Submission["encoding"]>(
      "urlencoded",
      "urlencoded",
      "urlencoded",
      "multipart",
      "json",
      "raw",
    ),
    raw: fc.string({ unit: "binary", maxLength: 60 }),
    singleFetch: fc.boolean(),
    sharedIp: fc.nat(19).map((n) => n === 0),
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

const waitlistValid = (form: FormData, s: Submission) =>
  !!getWaitlistHub(hubOf(s.path)) && parseWaitlistSubmission(Object.fromEntries(form)).ok;

/** Sign in and register share /auth: the `intent` field picks the form. */
function authValid(form: FormData): boolean {
  if (form.get("intent") === "register") return validateForm(registerSchema, readFields(form, REGISTER_FIELDS)).ok;
  return validateForm(signInSchema, readFields(form, SIGN_IN_FIELDS)).ok;
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
          phone: optional(phone),
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
          phone: optional(phone),
          message: optional(text),
        }),
      ),
      isValid: waitlistValid,
      stores: { table: "hub_waitlist", exact: true },
      echoes: true,
      share: 3,
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
      isValid: (form) => validateContact(readContactForm(form)).ok,
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
      isValid: (form) => validateForm(forgotPasswordSchema, readFields(form, FORGOT_PASSWORD_FIELDS)).ok,
      echoes: true,
      batch: 100,
    },
    ...referralForms(context),
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
      stores: { table: "audit_events", exact: true },
      echoes: false,
      cookie: () => world().cookies.systemAdmin,
    },
  ];
}
