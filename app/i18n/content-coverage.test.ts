import { readFileSync } from "node:fs";
import { parsePo } from "pofile-ts";
import { describe, expect, test } from "vitest";
import * as about from "~/content/about";
import * as apps from "~/content/apps";
import * as appsPage from "~/content/apps-page";
import * as careers from "~/content/careers";
import * as contact from "~/content/contact";
import * as forFacilities from "~/content/for-facilities";
import { INVESTORS } from "~/content/investors";
import * as legal from "~/content/legal";
import * as press from "~/content/press";
import { REGISTERED_TOAST, VALIDATION_TOAST } from "~/features/accounts/action-data";
import { INVALID_EMAIL_TOAST } from "~/features/accounts/forgot-password-schema";
import * as newPassword from "~/features/accounts/new-password-rules";
import { PHONE_SIGN_IN_FORM_MESSAGES } from "~/features/accounts/phone-sign-in-schema";
import {
  REGISTRATION_HINTS,
  REGISTRATION_LABELS,
  REGISTRATION_MESSAGES,
} from "~/features/accounts/registration-number";
import {
  COUNTRY_OPTIONS,
  SERVICE_OPTIONS,
  SPECIALTY_OPTIONS,
  TYPE_OPTIONS,
} from "~/features/facilities/facility-options";
import { FACILITY_BENEFITS } from "~/features/waitlist/components/hub-parts";
import * as waitlistMessages from "~/features/waitlist/waitlist-messages";
import { FACILITY_TYPES, SMS_CONSENT_LABEL } from "~/features/waitlist/waitlist-schema";
import * as emailField from "~/lib/email-field";

/**
 * The translated pages' copy lives in English in the content modules and is looked up in the
 * catalogues by its English (docs/decisions/044): a text edited here without its catalogue entry
 * would show in English on the French page. Every text of these modules must be a catalogue key.
 */
const keys = new Set(parsePo(readFileSync("app/i18n/catalogues/en.po", "utf8")).items.map((i) => i.msgctxt ?? i.msgid));
/** Fields that are addresses, identifiers or styles, not text. */
const NOT_TEXT = new Set([
  "id",
  "href",
  "to",
  "icon",
  "color",
  "bgColor",
  "updated",
  "value",
  "googlePlayUrl",
  "appStoreUrl",
  "CONTACT_SUBJECT_VALUES",
  "investHref",
  "name",
  "variant",
]);

function texts(value: unknown, key = "", found: string[] = []): string[] {
  if (typeof value === "string") {
    if (!NOT_TEXT.has(key) && /[A-Za-z]/.test(value) && !/^(\/|#|mailto:|https?:)/.test(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) texts(item, key, found);
  } else if (value && typeof value === "object") {
    for (const [k, item] of Object.entries(value)) texts(item, k, found);
  }
  return found;
}

describe("the translated pages' copy is in the catalogue", () => {
  test.each([
    ["about", about],
    ["apps", apps],
    ["apps-page", appsPage],
    ["careers", careers],
    ["contact", contact],
    ["for-facilities", forFacilities],
    ["legal", legal],
    ["press (assets and header)", { PRESS: press.PRESS, PRESS_ASSETS: press.PRESS_ASSETS }],
    // The investors' page: its roadmap names hubs by their ids (not texts), left out here.
    [
      "investors",
      {
        ...INVESTORS,
        roadmap: { ...INVESTORS.roadmap, items: INVESTORS.roadmap.items.map((item) => item.specialty) },
      },
    ],
    // The /auth pages' texts that live outside their components (decision 044, third slice).
    [
      "accounts (toasts, registration numbers, phone sign-in, email field)",
      {
        REGISTERED_TOAST,
        VALIDATION_TOAST,
        INVALID_EMAIL_TOAST,
        REGISTRATION_HINTS,
        REGISTRATION_LABELS,
        REGISTRATION_MESSAGES,
        PHONE_SIGN_IN_FORM_MESSAGES,
        newPassword,
        emailField,
      },
    ],
    // A hub's page: the facility benefits, the sign-up's facility types, SMS consent and toasts.
    [
      "hub pages and waitlist",
      {
        FACILITY_BENEFITS,
        FACILITY_TYPES,
        SMS_CONSENT_LABEL,
        joined: (["professional", "facility", "patient"] as const).flatMap((u) => [
          waitlistMessages.joinedNotice(u, true),
          waitlistMessages.joinedNotice(u, false),
          waitlistMessages.duplicateNotice(u),
        ]),
      },
    ],
    ["the directory's filters", { COUNTRY_OPTIONS, TYPE_OPTIONS, SPECIALTY_OPTIONS, SERVICE_OPTIONS }],
  ])("%s", (_name, module) => {
    const all = texts(module);
    expect(all.length).toBeGreaterThan(3);
    expect(all.filter((text) => !keys.has(text))).toEqual([]);
  });

  test("a text missing from the catalogue is found", () => {
    expect(texts({ title: "Not in any catalogue", href: "/x" }).filter((t) => !keys.has(t))).toEqual([
      "Not in any catalogue",
    ]);
  });
});
