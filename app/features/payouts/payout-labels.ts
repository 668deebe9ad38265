import type { LedgerEntryKind, PayoutTransferStatus } from "~/db/schema";

/** How payout states and ledger entries read on screens, client-safe. */
export const TRANSFER_STATUS_LABELS: Record<PayoutTransferStatus, string> = {
  prepared: "Awaiting approval",
  queued: "Queued",
  pending: "Initiated",
  success: "Paid",
  failed: "Failed",
  reversed: "Reversed",
  cancelled: "Cancelled",
};

export const ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  referral_completed: "Referral completed",
  paid_outside: "Paid outside the product",
  payout_initiated: "Payout sent",
  payout_settled: "Payout paid",
  payout_failed: "Payout failed: back on balance",
  payout_reversed: "Payout reversed: back on balance",
  provider_fee: "Provider fee",
  reclassification: "Correction between accounts",
};
