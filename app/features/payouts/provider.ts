import type { MobileMoneyNetwork, PayoutMethod } from "~/db/schema";

/*
 * What a payout provider does for us (decision 026), small enough that Flutterwave Transfers or MTN
 * MoMo Disbursement can be added beside Paystack: make a recipient, send a transfer under OUR
 * reference (the provider refuses a second transfer with the same reference, so a retry never
 * pays twice), ask for a transfer's state by that reference, list a day's transfers, and read a
 * signed webhook. Amounts are integer pesewas throughout.
 */

export type PayoutDestination = {
  method: PayoutMethod;
  network: MobileMoneyNetwork | null;
  /** E.164 for mobile money (+233...), the account number for a bank. */
  accountNumber: string;
  bankCode: string | null;
  accountName: string;
};

/** Where a transfer stands at the provider. */
export type TransferState = "pending" | "success" | "failed" | "reversed";

export type ProviderFailure = {
  ok: false;
  /** True when trying again later may work (timeouts, 5xx, rate limits, not enough balance yet). */
  retryable: boolean;
  code: "timeout" | "network" | "server_error" | "rate_limited" | "auth" | "insufficient_balance" | "rejected";
  error: string;
};
export type ProviderResult<T> = ({ ok: true } & T) | ProviderFailure;

export type ProviderTransfer = {
  /** Empty when the provider's answer does not carry it (Paystack's documented list rows): match by providerCode. */
  reference: string;
  state: TransferState;
  amountPesewas: number;
  feePesewas: number | null;
  providerCode: string | null;
  /** The provider's own word for the state (Paystack: "otp" is a transfer waiting for an OTP, pending for us). */
  providerStatus: string | null;
};

export type WebhookEvent = {
  /** The transfer's outcome this event reports; "other" for events we do not act on. */
  kind: "success" | "failed" | "reversed" | "other";
  event: string;
  reference: string | null;
  amountPesewas: number | null;
  feePesewas: number | null;
  providerCode: string | null;
  reason: string | null;
};

export interface PayoutProvider {
  readonly name: string;
  /**
   * The account holder's name as the bank or network has it, for the doctor to confirm (decision 032,
   * point 5). A refusal ("rejected") means the provider could not name this account's holder: no
   * such account, or (mobile money, which Paystack does not document for this) no answer for
   * wallets at all; the other failures mean it could not be asked just now.
   */
  resolveAccount(
    destination: Pick<PayoutDestination, "method" | "network" | "accountNumber" | "bankCode">,
  ): Promise<ProviderResult<{ accountName: string }>>;
  createRecipient(destination: PayoutDestination): Promise<ProviderResult<{ recipientCode: string }>>;
  initiateTransfer(transfer: {
    reference: string;
    amountPesewas: number;
    recipientCode: string;
    reason: string;
  }): Promise<ProviderResult<{ state: TransferState; providerCode: string | null; providerStatus: string | null }>>;
  /**
   * `found: false` when the provider says it has no transfer with this reference (it never arrived).
   * The only answer a refused transfer is failed on: a refusal's words never decide (decision 032).
   */
  verifyTransfer(reference: string): Promise<ProviderResult<{ found: false } | ({ found: true } & ProviderTransfer)>>;
  /** Every transfer the provider made between the two instants. */
  listTransfers(from: Date, to: Date): Promise<ProviderResult<{ transfers: ProviderTransfer[] }>>;
  /** Checks the signature over the raw body; null when it does not match (refuse with 401, change nothing). */
  verifyWebhook(rawBody: string, headers: Headers): WebhookEvent | null;
}
