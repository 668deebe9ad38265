import * as z from "zod/mini";
import { hasVisibleText, nameText } from "~/lib/form-text";

/**
 * The payout-details forms (decision 026), one schema each, used in the browser and in the action.
 * The browser checks the shape only; the server parses the mobile-money number with
 * libphonenumber-js (a Ghanaian mobile number) and checks the rest again.
 */
export const PAYOUT_METHOD_LABELS = { mobile_money: "Mobile money", bank: "Bank account" } as const;
export const NETWORK_LABELS = { MTN: "MTN MoMo", TELECEL: "Telecel Cash", AT: "AT Money" } as const;

/** A change is confirmed within 15 minutes, 5 wrong tries at most, 5 requests a day; it holds payouts 24 hours. */
export const PAYOUT_DETAIL_RULES = { validMinutes: 15, maxTries: 5, perDay: 5 } as const;

export const PAYOUT_DETAILS_MESSAGES = {
  method: "Please choose mobile money or a bank account",
  network: "Please choose the mobile-money network",
  mobileNumber: "Please enter the mobile-money number",
  bankCode: "Please choose your bank",
  accountNumber: "Please enter the account number (8 to 20 digits)",
  accountName: "Please enter the name on the account",
  smsCode: "Please enter the 6-digit code from the SMS",
  emailCode: "Please enter the 6-digit code from the email",
  walletCode: "Please enter the 6-digit code sent to the wallet's own number",
  acceptName: "The account holder's name is not the name you entered. Tick the box if this account is yours.",
} as const;

const text = (message: string, max: number) => z.string({ error: message }).check(z.maxLength(max, message));

export const requestPayoutDetailsSchema = z
  .object({
    intent: z.literal("request"),
    method: z.enum(["mobile_money", "bank"], { error: PAYOUT_DETAILS_MESSAGES.method }),
    network: z.optional(z.string().check(z.maxLength(20))),
    mobile_number: z.optional(text(PAYOUT_DETAILS_MESSAGES.mobileNumber, 40)),
    bank_code: z.optional(text(PAYOUT_DETAILS_MESSAGES.bankCode, 20)),
    account_number: z.optional(text(PAYOUT_DETAILS_MESSAGES.accountNumber, 40)),
    account_name: z
      .pipe(
        text(PAYOUT_DETAILS_MESSAGES.accountName, 200),
        z.transform((v: string) => nameText(v).trim()),
      )
      .check(
        z.refine((v) => v.length >= 2 && v.length <= 100 && hasVisibleText(v), PAYOUT_DETAILS_MESSAGES.accountName),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.method === "mobile_money") {
        if (!value.network || !Object.hasOwn(NETWORK_LABELS, value.network)) {
          ctx.addIssue({ code: "custom", path: ["network"], message: PAYOUT_DETAILS_MESSAGES.network });
        }
        if (!value.mobile_number || !/^\+?[\d\s().-]{6,}$/.test(value.mobile_number.trim())) {
          ctx.addIssue({ code: "custom", path: ["mobile_number"], message: PAYOUT_DETAILS_MESSAGES.mobileNumber });
        }
      } else {
        if (!value.bank_code || !/^\d{6}$/.test(value.bank_code.trim())) {
          ctx.addIssue({ code: "custom", path: ["bank_code"], message: PAYOUT_DETAILS_MESSAGES.bankCode });
        }
        if (!value.account_number || !/^\d{8,20}$/.test(value.account_number.replace(/\s+/g, ""))) {
          ctx.addIssue({ code: "custom", path: ["account_number"], message: PAYOUT_DETAILS_MESSAGES.accountNumber });
        }
      }
    }),
  );

const code = (message: string) => z.string({ error: message }).check(z.trim(), z.regex(/^\d{3}\s?\d{3}$/, message));

/**
 * The codes that confirm a change: by SMS to the confirmed phone, by email, and (decision 032, point 5)
 * by SMS to the wallet's own number when its holder could not be named; `accept_name` is the
 * doctor's word that an account whose holder's name differs from the one they typed is theirs.
 * The server knows which of the last two a change needs and asks for them.
 */
export const confirmPayoutDetailsSchema = z.object({
  intent: z.literal("confirm"),
  sms_code: code(PAYOUT_DETAILS_MESSAGES.smsCode),
  email_code: code(PAYOUT_DETAILS_MESSAGES.emailCode),
  wallet_code: z.optional(code(PAYOUT_DETAILS_MESSAGES.walletCode)),
  accept_name: z.optional(z.literal("on", { error: PAYOUT_DETAILS_MESSAGES.acceptName })),
});
