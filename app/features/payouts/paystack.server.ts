import { createHmac, timingSafeEqual } from "node:crypto";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { excerpt } from "~/features/messaging/public.server";
import type {
  PayoutDestination,
  PayoutProvider,
  ProviderFailure,
  ProviderResult,
  ProviderTransfer,
  TransferState,
  WebhookEvent,
} from "./provider.ts";

/*
 * Paystack Transfers (decision 026), written with fetch against the documented API
 * (https://paystack.com/docs/api/transfer-recipient/, /transfer/, /docs/payments/webhooks/):
 *   POST /transferrecipient  {type: mobile_money | ghipss, name, account_number, bank_code, currency: GHS}
 *   POST /transfer           {source: balance, amount (pesewas), recipient, reference, reason, currency}
 *   GET  /transfer/verify/:reference
 *   GET  /transfer?from&to&perPage&page
 *   GET  /bank/resolve?account_number&bank_code   (the holder's name; documented for personal bank
 *        accounts in Nigeria and Ghana, silent on mobile money: decision 032, point 5)
 * Every answer is {status: boolean, message, data}. Webhooks carry an HMAC SHA-512 of the raw body
 * under the secret key in x-paystack-signature. Our reference (lowercase letters, digits, dashes,
 * 16 to 50 characters) makes a retried transfer a duplicate Paystack refuses, never a second payment.
 */

/** Paystack's bank codes for Ghana's mobile-money networks (GET /bank?currency=GHS&type=mobile_money). */
export const PAYSTACK_MOMO_CODES = { MTN: "MTN", TELECEL: "VOD", AT: "ATL" } as const;

export type PaystackOptions = {
  secretKey: string;
  baseUrl: string;
  timeoutMs?: number;
  /** GET /bank/resolve is asked while a doctor waits for the page: it gives up sooner (default 8 s). */
  resolveTimeoutMs?: number;
};

type Answer = { status: number; json: Record<string, unknown> | null; text: string };

const failure = (code: ProviderFailure["code"], error: string, retryable: boolean): ProviderFailure => ({
  ok: false,
  code,
  error,
  retryable,
});

/** A Paystack transfer status as ours: "otp" and "abandoned" never paid anything. */
export function paystackState(status: unknown): TransferState {
  switch (status) {
    case "success":
      return "success";
    case "failed":
    case "abandoned":
    case "rejected":
    case "blocked":
      return "failed";
    case "reversed":
      return "reversed";
    default:
      return "pending"; // pending, processing, queued, received, otp
  }
}

/** A Ghanaian mobile number as Paystack's mobile_money recipients take it: the national form, 0241234567. */
export function nationalNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, "GH");
  return parsed ? parsed.formatNational().replace(/\s+/g, "") : e164;
}

function toTransfer(data: Record<string, unknown>): ProviderTransfer {
  const fee = data.fee_charged ?? data.fees ?? null;
  return {
    reference: String(data.reference ?? ""),
    state: paystackState(data.status),
    amountPesewas: Number(data.amount ?? 0),
    feePesewas: fee === null || fee === undefined || Number.isNaN(Number(fee)) ? null : Number(fee),
    providerCode: typeof data.transfer_code === "string" ? data.transfer_code : null,
    providerStatus: typeof data.status === "string" ? data.status : null,
  };
}

export function paystackProvider(options: PaystackOptions): PayoutProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const resolveTimeoutMs = Math.min(options.resolveTimeoutMs ?? 8_000, timeoutMs);

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    waitMs = timeoutMs,
  ): Promise<Answer | ProviderFailure> {
    const timeout = AbortSignal.timeout(waitMs);
    try {
      const response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: "application/json",
          ...(body ? { "content-type": "application/json" } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: timeout,
        redirect: "error",
      });
      const text = await response.text();
      let json: Record<string, unknown> | null = null;
      try {
        const parsed = text ? (JSON.parse(text) as unknown) : null;
        json =
          parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
      } catch {
        json = null;
      }
      return { status: response.status, json, text };
    } catch (error) {
      if (timeout.aborted) return failure("timeout", `Paystack did not answer within ${waitMs} ms`, true);
      const cause = (error as { cause?: { code?: string } } | null)?.cause?.code;
      return failure("network", `Paystack could not be reached (${cause ?? String(error)})`, true);
    }
  }

  /**
   * A non-2xx (or status: false) answer, classified by its HTTP status. A refusal's words decide
   * nothing about whether a transfer exists (decision 032: a duplicate reference was recognised by its
   * wording alone, and a retry refused in other words failed a transfer Paystack had paid): the
   * caller asks GET /transfer/verify/:reference. Only "balance is not enough" is read, to retry
   * rather than fail a transfer Paystack has confirmed it does not have.
   */
  function refused(answer: Answer): ProviderFailure {
    const message = String(answer.json?.message ?? excerpt(answer.text));
    const detail = `HTTP ${answer.status}: ${message}`;
    if (answer.status === 401 || answer.status === 403) return failure("auth", detail, false);
    if (answer.status === 429) return failure("rate_limited", detail, true);
    if (answer.status >= 500) return failure("server_error", detail, true);
    if (/balance is not enough|insufficient/i.test(message)) return failure("insufficient_balance", detail, true);
    return failure("rejected", detail, false);
  }

  const okData = (answer: Answer): Record<string, unknown> | null =>
    answer.status >= 200 && answer.status < 300 && answer.json?.status === true && answer.json.data
      ? (answer.json.data as Record<string, unknown>)
      : null;

  return {
    name: "paystack",

    async resolveAccount(destination) {
      const query = new URLSearchParams(
        destination.method === "mobile_money"
          ? {
              account_number: nationalNumber(destination.accountNumber),
              bank_code: PAYSTACK_MOMO_CODES[destination.network ?? "MTN"],
            }
          : { account_number: destination.accountNumber, bank_code: destination.bankCode ?? "" },
      );
      const answer = await call("GET", `/bank/resolve?${query}`, undefined, resolveTimeoutMs);
      if ("ok" in answer) return answer;
      const name = okData(answer)?.account_name;
      // No wording is read: 404 (documented), 422 or 400 all say "no name for this account".
      if (typeof name !== "string" || !name.trim()) return refused(answer);
      return { ok: true, accountName: name.trim().slice(0, 200) };
    },

    async createRecipient(destination: PayoutDestination): Promise<ProviderResult<{ recipientCode: string }>> {
      const body =
        destination.method === "mobile_money"
          ? {
              type: "mobile_money",
              name: destination.accountName,
              account_number: nationalNumber(destination.accountNumber),
              bank_code: PAYSTACK_MOMO_CODES[destination.network ?? "MTN"],
              currency: "GHS",
            }
          : {
              type: "ghipss",
              name: destination.accountName,
              account_number: destination.accountNumber,
              bank_code: destination.bankCode,
              currency: "GHS",
            };
      const answer = await call("POST", "/transferrecipient", body);
      if ("ok" in answer) return answer;
      const data = okData(answer);
      const code = data?.recipient_code;
      if (typeof code !== "string" || !code) return refused(answer);
      return { ok: true, recipientCode: code };
    },

    async initiateTransfer(transfer) {
      const answer = await call("POST", "/transfer", {
        source: "balance",
        amount: transfer.amountPesewas,
        recipient: transfer.recipientCode,
        reference: transfer.reference,
        reason: transfer.reason,
        currency: "GHS",
      });
      if ("ok" in answer) return answer;
      const data = okData(answer);
      if (!data) return refused(answer);
      // "otp" (OTP for transfers left on) is a transfer Paystack holds: pending for us, never failed.
      return {
        ok: true,
        state: paystackState(data.status),
        providerCode: typeof data.transfer_code === "string" ? data.transfer_code : null,
        providerStatus: typeof data.status === "string" ? data.status : null,
      };
    },

    async verifyTransfer(reference: string) {
      const answer = await call("GET", `/transfer/verify/${encodeURIComponent(reference)}`);
      if ("ok" in answer) return answer;
      // Paystack documents 404 "Transfer not found"; a 400 "Transfer not found" is seen too. A GET by
      // a well-formed reference of ours has nothing else to be wrong about: any 4xx but a key
      // problem (401, 403) or a rate limit (429) says the transfer does not exist.
      if (answer.status >= 400 && answer.status < 500 && ![401, 403, 429].includes(answer.status)) {
        return { ok: true, found: false } as const;
      }
      const data = okData(answer);
      if (!data) return refused(answer);
      return { ok: true, found: true, ...toTransfer(data) } as const;
    },

    async listTransfers(from: Date, to: Date) {
      const transfers: ProviderTransfer[] = [];
      for (let page = 1; page <= 200; page++) {
        const query = new URLSearchParams({
          from: from.toISOString(),
          to: to.toISOString(),
          perPage: "100",
          page: String(page),
        });
        const answer = await call("GET", `/transfer?${query}`);
        if ("ok" in answer) return answer;
        if (!(answer.status >= 200 && answer.status < 300 && answer.json?.status === true)) return refused(answer);
        const rows = Array.isArray(answer.json.data) ? (answer.json.data as Record<string, unknown>[]) : [];
        transfers.push(...rows.map(toTransfer));
        const meta = (answer.json.meta ?? {}) as { pageCount?: number };
        if (rows.length === 0 || !meta.pageCount || page >= meta.pageCount) break;
      }
      return { ok: true, transfers };
    },

    verifyWebhook(rawBody: string, headers: Headers): WebhookEvent | null {
      const given = headers.get("x-paystack-signature") ?? "";
      if (!/^[0-9a-f]{128}$/i.test(given)) return null;
      const expected = createHmac("sha512", options.secretKey).update(rawBody, "utf8").digest();
      const actual = Buffer.from(given, "hex");
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      let body: { event?: unknown; data?: Record<string, unknown> };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        return null;
      }
      const event = typeof body.event === "string" ? body.event : "";
      const data = body.data && typeof body.data === "object" ? body.data : {};
      const kind =
        event === "transfer.success"
          ? "success"
          : event === "transfer.failed"
            ? "failed"
            : event === "transfer.reversed"
              ? "reversed"
              : "other";
      const transfer = toTransfer(data);
      return {
        kind,
        event,
        reference: transfer.reference || null,
        amountPesewas: Number.isFinite(transfer.amountPesewas) ? transfer.amountPesewas : null,
        feePesewas: transfer.feePesewas,
        providerCode: transfer.providerCode,
        reason: typeof data.reason === "string" ? data.reason.slice(0, 200) : null,
      };
    },
  };
}

/** Signs a body as Paystack does (the local fake's webhooks, and tests). */
export function paystackSignature(secretKey: string, rawBody: string): string {
  return createHmac("sha512", secretKey).update(rawBody, "utf8").digest("hex");
}
