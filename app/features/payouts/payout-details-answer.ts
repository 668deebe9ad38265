import type { FormAnswer } from "~/components/forms/schema-form";

/** The payout-details action's answer: which of the two forms it is for. */
export type PayoutDetailsAnswer = FormAnswer<{ intent: "request" | "confirm"; ok: boolean }>;

/** A date and time in Ghana, as the payout-details page shows them ("26 Nov 2026, 14:05"). */
export const accraDateTime = (iso: string) =>
  new Date(iso).toLocaleString("en-GH", { timeZone: "Africa/Accra", dateStyle: "medium", timeStyle: "short" });
