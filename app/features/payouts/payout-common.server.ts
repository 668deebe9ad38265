import type { Actor, UserActor } from "~/auth/actor";
import { assertGate } from "~/auth/actor.server";

/* What the payout modules share: the messages, the transfer reference, amounts in cedis. */

export const PAYOUT_MESSAGES = {
  nothingToPay: "No doctor is owed at least the payout minimum with payout details set and not on hold.",
  runWaiting: "A payout run is already waiting for approval: approve or cancel it first.",
  notFound: "Payout run not found",
  preparerCannotApprove: "The administrator who prepared a run cannot approve it: a second system administrator must.",
  sameChain:
    "You and the administrator who prepared this run brought one another in (one invited or approved the other, directly or through others): a system administrator outside that chain must approve it.",
  alreadyApproved: "This payout run has already been approved.",
  notPrepared: "This payout run is no longer waiting for approval.",
  noProvider: "No payout provider is configured (PAYSTACK_SECRET_KEY): this run cannot be sent.",
} as const;

/** A run's or a transfer's id as the screens and posts carry it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The rows of a raw `db.execute` (the same shape on PGlite and PostgreSQL). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export function requireSystemAdmin(actor: Actor): UserActor {
  return assertGate(actor, "system-admin");
}

/** Our reference for a doctor's transfer in a run: lowercase, 48 characters, the same on every retry. */
export function transferReference(runId: string, doctorId: string): string {
  return `qh-${runId.replaceAll("-", "")}-${doctorId.replaceAll("-", "").slice(0, 12)}`;
}

export const cedis = (pesewas: number) =>
  `₵${(pesewas / 100).toLocaleString("en-GH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
