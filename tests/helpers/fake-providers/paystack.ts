import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { paystackSignature } from "~/features/payouts/paystack.server";

/**
 * A local fake of Paystack's Transfers API (decisions 026 and 032). It answers with Paystack's own
 * documented examples (fixtures/paystack/*.json, each naming its source: the API reference's
 * example responses and webhook events from PaystackOSS/doc-code-snippets, the error shapes from
 * PaystackOSS/openapi), with only the fields that belong to the transfer at hand filled in (amount,
 * currency GHS, reference, status, transfer code, fee, recipient). Bearer secret key, JSON answers
 * {status, message, data}, POST /transferrecipient, POST /transfer (a reference it has seen is
 * refused: a retry never pays twice), GET /transfer/verify/:reference, GET /transfer?from&to,
 * GET /bank/resolve, and webhooks signed with HMAC SHA-512 of the raw body (x-paystack-signature).
 *
 * Where the documentation leaves a behaviour open, `variants` picks one of the plausible answers
 * (PAYSTACK_VARIANTS lists them; tests run the code against each). Configurable latency and
 * failures; no test touches the network.
 */
export type FakeTransferStatus = "pending" | "otp" | "success" | "failed" | "reversed";

export type FakeTransfer = {
  id: number;
  reference: string;
  transferCode: string;
  amount: number;
  recipient: string;
  status: FakeTransferStatus;
  fee: number;
  createdAt: Date;
};

/** The behaviours Paystack's documentation leaves open, one value each. */
export type PaystackVariants = {
  /**
   * POST /transfer with a reference already used: the docs say references make transfers
   * idempotent but give no example of the refusal. Each value is a plausible 400.
   */
  duplicate: "duplicate_wording" | "validation_error" | "unworded";
  /** GET /transfer rows: the documented example has no reference and no fee_charged; the OpenAPI schema has both. */
  listRows: "documented_example" | "openapi_schema";
  /** GET /transfer/verify/:reference for a reference Paystack never saw: 404 (documented) or 400, both "Transfer not found". */
  verifyUnknown: "404" | "400";
  /** The transfer.success event: fee_charged set (the schema), 0 (the documented example, test mode) or absent. */
  webhookFee: "charged" | "zero" | "absent";
  /**
   * GET /bank/resolve for a Ghanaian mobile-money number: documented for "personal bank accounts" in
   * Nigeria and Ghana, silent on mobile money. Either it answers the wallet holder's name, or refuses.
   */
  momoResolve: "resolves" | "refuses";
  /**
   * GET /bank/resolve for an account it cannot resolve: the OpenAPI path lists 404 "Entity not
   * found" (responses/NotFound.yaml); a 422 "Could not resolve account name" is reported in the field.
   */
  resolveUnknown: "404" | "422";
};

export const PAYSTACK_VARIANTS = {
  duplicate: ["duplicate_wording", "validation_error", "unworded"],
  listRows: ["documented_example", "openapi_schema"],
  verifyUnknown: ["404", "400"],
  webhookFee: ["charged", "zero", "absent"],
  momoResolve: ["resolves", "refuses"],
  resolveUnknown: ["404", "422"],
} as const satisfies { [K in keyof PaystackVariants]: readonly PaystackVariants[K][] };

export const DEFAULT_VARIANTS: PaystackVariants = {
  duplicate: "duplicate_wording",
  listRows: "openapi_schema",
  verifyUnknown: "404",
  webhookFee: "charged",
  momoResolve: "refuses",
  resolveUnknown: "404",
};

/** Each value of one open behaviour, the others at their defaults (for describe.each). */
export function variantsOf<K extends keyof PaystackVariants>(
  key: K,
): Array<{ name: string; variants: PaystackVariants }> {
  return (PAYSTACK_VARIANTS[key] as readonly string[]).map((value) => ({
    name: `${key}=${value}`,
    variants: { ...DEFAULT_VARIANTS, [key]: value },
  }));
}

type Fixture = { source: string; status?: number; body: Record<string, unknown> };

const clone = <T>(value: T): T => structuredClone(value);
const fixtures = new Map<string, Fixture>();

/** A fixture's answer (read once, a fresh copy each time). */
export function paystackFixture(name: string): Fixture {
  let fixture = fixtures.get(name);
  if (!fixture) {
    fixture = JSON.parse(readFileSync(new URL(`./fixtures/paystack/${name}.json`, import.meta.url), "utf8")) as Fixture;
    fixtures.set(name, fixture);
  }
  return clone(fixture);
}
const dataOf = (fixture: Fixture) => fixture.body.data as Record<string, unknown>;

/** Paystack's codes for Ghana's mobile-money networks (fixtures/paystack/bank-list-ghana-mobile-money.json). */
const MOMO_BANKS: Record<string, string> = Object.fromEntries(
  (paystackFixture("bank-list-ghana-mobile-money").body.data as { code: string; name: string }[]).map((b) => [
    b.code,
    b.name,
  ]),
);

export type PaystackFakeOptions = {
  secretKey?: string;
  /** Milliseconds before each answer (default 0). */
  latencyMs?: number;
  /** Fee Paystack charges per transfer, in pesewas (default 100). */
  feePesewas?: number;
  /**
   * Milliseconds a POST /transfer it took is held before its answer (default 0): the transfer is
   * Paystack's at once, the caller hears of it later (a worker killed meanwhile never does).
   */
  answerDelayMs?: number;
  variants?: Partial<PaystackVariants>;
};

export type PaystackMode = "normal" | "server_error" | "insufficient_balance" | "hang" | "accept_then_hang";

type Recipient = { id: number; code: string; body: Record<string, unknown> };

export class PaystackFake {
  readonly secretKey: string;
  latencyMs: number;
  feePesewas: number;
  mode: PaystackMode = "normal";
  variants: PaystackVariants;
  /** The next N POST /transfer calls answer 500 without taking the transfer. */
  failNextTransfers = 0;
  /** The next N POST /transferrecipient calls answer 500 without making the recipient. */
  failNextRecipients = 0;
  /** Status a new transfer is given (Paystack answers "pending" and settles later; "otp" when OTP is left on). */
  initialStatus: FakeTransferStatus = "pending";
  readonly transfers = new Map<string, FakeTransfer>();
  readonly recipients = new Map<string, Recipient>();
  /** Names mobile-money wallets are registered to (momoResolve "resolves"), by national number. */
  readonly walletHolders = new Map<string, string>();
  /** The query of each GET /bank/resolve, in order. */
  readonly resolveQueries: Array<Record<string, string>> = [];
  /** Names Ghanaian bank accounts are held in (resolved as documented), by `bank_code:account_number`. */
  readonly accountHolders = new Map<string, string>();
  readonly requests: Array<{ method: string; path: string; body: string; authorization: string | undefined }> = [];
  /** POST /transfer calls that arrived (accepted, duplicates, failures). */
  transferCalls = 0;
  answerDelayMs: number;
  /** References of transfers taken whose answer is still held (answerDelayMs). */
  readonly held = new Set<string>();
  url = "";
  private nextId = 860_700_000;
  private readonly server = createServer((req, res) => this.serve(req, res));
  private readonly sockets = new Set<Socket>();

  constructor(options: PaystackFakeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
    this.latencyMs = options.latencyMs ?? 0;
    this.feePesewas = options.feePesewas ?? 100;
    this.answerDelayMs = options.answerDelayMs ?? 0;
    this.variants = { ...DEFAULT_VARIANTS, ...options.variants };
    this.server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Money that left: the sum of transfers that succeeded (each reference once). */
  get paidOut(): number {
    let sum = 0;
    for (const t of this.transfers.values()) if (t.status === "success") sum += t.amount;
    return sum;
  }

  /** Sets a transfer's final state (as the network would) and returns its signed webhook. */
  settle(
    reference: string,
    status: "success" | "failed" | "reversed",
  ): { body: string; headers: Record<string, string> } {
    const transfer = this.transfers.get(reference);
    if (!transfer) throw new Error(`no transfer ${reference}`);
    transfer.status = status;
    return this.webhook(reference, `transfer.${status}`);
  }

  /**
   * The webhook Paystack would send for a transfer: the documented example event of that name with
   * this transfer's fields (signed; `forge` signs with another key).
   */
  webhook(
    reference: string,
    event: string,
    options: { forge?: boolean } = {},
  ): { body: string; headers: Record<string, string> } {
    const t = this.transfers.get(reference);
    const fixture =
      event === "transfer.failed"
        ? "webhook-transfer-failed"
        : event === "transfer.reversed"
          ? "webhook-transfer-reversed"
          : "webhook-transfer-success";
    const payload = clone(paystackFixture(fixture).body);
    const data = payload.data as Record<string, unknown>;
    payload.event = event;
    Object.assign(data, {
      amount: t?.amount ?? 0,
      currency: "GHS",
      reason: "Qurhealth payout",
      reference,
      status: event.replace("transfer.", ""),
      transfer_code: t?.transferCode ?? "TRF_unknown",
    });
    if (t?.id) data.id = t.id;
    // Each event is sent when it happens (a retry of the same event is the same body).
    for (const field of ["updatedAt", "updated_at"]) if (field in data) data[field] = new Date().toISOString();
    for (const field of ["createdAt", "created_at"]) if (t && field in data) data[field] = t.createdAt.toISOString();
    const recipient = data.recipient as Record<string, unknown>;
    const made = t ? [...this.recipients.values()].find((r) => r.code === t.recipient) : undefined;
    recipient.recipient_code = t?.recipient ?? "RCP_unknown";
    if (made) Object.assign(recipient, this.recipientData(made));
    // The documented transfer.failed and transfer.reversed events carry no fee_charged.
    if (event === "transfer.success") {
      if (this.variants.webhookFee === "absent") delete data.fee_charged;
      else data.fee_charged = this.variants.webhookFee === "zero" ? 0 : (t?.fee ?? 0);
    }
    const body = JSON.stringify(payload);
    const key = options.forge ? `sk_test_${randomBytes(16).toString("hex")}` : this.secretKey;
    return {
      body,
      headers: { "content-type": "application/json", "x-paystack-signature": paystackSignature(key, body) },
    };
  }

  /** Posts a webhook to the app (a real HTTP request). */
  async fire(url: string, reference: string, event: string, options: { forge?: boolean } = {}): Promise<number> {
    const { body, headers } = this.webhook(reference, event, options);
    const response = await fetch(url, { method: "POST", headers, body });
    await response.arrayBuffer();
    return response.status;
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      this.requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        body,
        authorization: req.headers.authorization,
      });
      const answer = () => {
        if (this.mode === "hang") return; // never answers: the client's timeout fires
        const reply = this.handle(req.method ?? "GET", url, body, req.headers.authorization);
        if (!reply) return;
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(reply.status, { "content-type": "application/json" });
          res.end(JSON.stringify(reply.body));
        };
        const reference = (reply.body as { data?: { reference?: string } }).data?.reference;
        if (this.answerDelayMs > 0 && req.method === "POST" && url.pathname === "/transfer" && reference) {
          this.held.add(reference);
          setTimeout(() => {
            this.held.delete(reference);
            send();
          }, this.answerDelayMs);
        } else send();
      };
      if (this.latencyMs > 0) setTimeout(answer, this.latencyMs);
      else answer();
    });
  }

  /** A documented error shape (error-validation.json: status, message, meta, type, code) with our words. */
  private refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
    return { status, body: { status: false, message, ...extra } };
  }

  private duplicateRefusal() {
    switch (this.variants.duplicate) {
      case "duplicate_wording":
        return this.refusal(400, "Duplicate Transfer Reference");
      case "validation_error": {
        const body = clone(paystackFixture("error-validation").body);
        return {
          status: 400,
          body: {
            ...body,
            message: "Please provide a unique reference. Reference already exists on a transfer",
            meta: { nextStep: "Provide a unique reference for each transfer" },
          },
        };
      }
      case "unworded":
        return this.refusal(400, "Transfer could not be initiated");
    }
  }

  private handle(
    method: string,
    url: URL,
    raw: string,
    authorization: string | undefined,
  ): { status: number; body: unknown } | null {
    if (authorization !== `Bearer ${this.secretKey}`) {
      const fixture = paystackFixture("error-unauthorized");
      return { status: fixture.status ?? 401, body: fixture.body };
    }
    if (this.mode === "server_error") return this.refusal(500, "An error occurred");
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return this.refusal(400, "Invalid JSON");
    }
    if (method === "POST" && url.pathname === "/transferrecipient") return this.createRecipient(body);
    if (method === "POST" && url.pathname === "/transfer") return this.initiate(body);
    const verify = /^\/transfer\/verify\/(.+)$/.exec(url.pathname);
    if (method === "GET" && verify) {
      const transfer = this.transfers.get(decodeURIComponent(verify[1]!));
      if (!transfer) {
        const fixture = paystackFixture("transfer-verify-not-found");
        return { status: this.variants.verifyUnknown === "400" ? 400 : (fixture.status ?? 404), body: fixture.body };
      }
      const fixture = paystackFixture("transfer-verify");
      return { status: 200, body: { ...fixture.body, data: this.verifyData(transfer) } };
    }
    if (method === "GET" && url.pathname === "/transfer") return this.list(url);
    if (method === "GET" && url.pathname === "/bank/resolve") return this.resolve(url);
    return this.refusal(404, "Not found");
  }

  private createRecipient(body: Record<string, unknown>) {
    if (this.failNextRecipients > 0) {
      this.failNextRecipients -= 1;
      return this.refusal(500, "An error occurred");
    }
    for (const field of ["type", "name", "account_number", "bank_code"]) {
      if (!body[field]) return this.refusal(400, `${field} is required`, { type: "validation_error" });
    }
    if (body.type === "mobile_money" && !/^0\d{9}$/.test(String(body.account_number))) {
      return this.refusal(400, "Account number is invalid", { type: "validation_error" });
    }
    // "A duplicate account number will lead to the retrieval of the existing record" (OpenAPI).
    const key = `${body.type}:${body.bank_code}:${body.account_number}`;
    const existing = this.recipients.get(key);
    const recipient: Recipient = existing ?? {
      id: this.nextId++,
      code: `RCP_${randomBytes(7).toString("hex")}`,
      body,
    };
    this.recipients.set(key, recipient);
    const fixture = paystackFixture("transferrecipient-create-momo");
    return { status: fixture.status ?? 201, body: { ...fixture.body, data: this.recipientData(recipient) } };
  }

  /** The documented recipient (transferrecipient-create-momo.json) with this one's fields. */
  private recipientData(recipient: Recipient): Record<string, unknown> {
    const data = clone(dataOf(paystackFixture("transferrecipient-create-momo")));
    const details = data.details as Record<string, unknown>;
    const bankCode = String(recipient.body.bank_code);
    Object.assign(details, {
      account_number: String(recipient.body.account_number),
      bank_code: bankCode,
      bank_name: MOMO_BANKS[bankCode] ?? bankCode,
    });
    return Object.assign(data, {
      id: recipient.id,
      name: String(recipient.body.name),
      type: String(recipient.body.type),
      currency: String(recipient.body.currency ?? "GHS"),
      recipient_code: recipient.code,
    });
  }

  private initiate(body: Record<string, unknown>) {
    this.transferCalls += 1;
    if (this.failNextTransfers > 0) {
      this.failNextTransfers -= 1;
      return this.refusal(500, "An error occurred");
    }
    if (this.mode === "insufficient_balance") {
      return this.refusal(400, "Your balance is not enough to fulfil this request", { type: "validation_error" });
    }
    const reference = String(body.reference ?? "");
    // "a lowercase alphanumeric string with only -,_ symbols allowed", at least 16 characters (OpenAPI).
    if (!/^[a-z0-9_-]{16,50}$/.test(reference)) {
      return this.refusal(400, "Invalid transfer reference", { type: "validation_error" });
    }
    if (this.transfers.has(reference)) return this.duplicateRefusal();
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return this.refusal(400, "Invalid amount", { type: "validation_error" });
    }
    const recipientCode = String(body.recipient ?? "");
    const recipient = [...this.recipients.values()].find((r) => r.code === recipientCode);
    if (!recipient) {
      const fixture = paystackFixture("transfer-initiate-invalid-recipient");
      return { status: fixture.status ?? 400, body: fixture.body };
    }
    const transfer: FakeTransfer = {
      id: this.nextId++,
      reference,
      transferCode: `TRF_${randomBytes(8).toString("hex")}`,
      amount,
      recipient: recipientCode,
      status: this.initialStatus,
      fee: this.feePesewas,
      createdAt: new Date(),
    };
    this.transfers.set(reference, transfer);
    if (this.mode === "accept_then_hang") return null; // took it, but the answer never comes back
    const fixture = paystackFixture(transfer.status === "otp" ? "transfer-initiate-otp" : "transfer-initiate");
    const data = Object.assign(clone(dataOf(fixture)), {
      amount,
      currency: String(body.currency ?? "GHS"),
      reference,
      reason: body.reason,
      status: transfer.status,
      transfer_code: transfer.transferCode,
      id: transfer.id,
      recipient: recipient.id,
      createdAt: transfer.createdAt.toISOString(),
      updatedAt: transfer.createdAt.toISOString(),
    });
    return { status: fixture.status ?? 200, body: { ...fixture.body, data } };
  }

  /** A transfer as GET /transfer/verify shows it (transfer-verify.json with this one's fields). */
  private verifyData(t: FakeTransfer): Record<string, unknown> {
    const data = clone(dataOf(paystackFixture("transfer-verify")));
    const recipient = [...this.recipients.values()].find((r) => r.code === t.recipient);
    return Object.assign(data, {
      amount: t.amount,
      currency: "GHS",
      reference: t.reference,
      reason: "Qurhealth payout",
      status: t.status,
      transfer_code: t.transferCode,
      id: t.id,
      fee_charged: t.fee,
      createdAt: t.createdAt.toISOString(),
      updatedAt: new Date().toISOString(),
      ...(recipient ? { recipient: this.recipientData(recipient) } : {}),
    });
  }

  private list(url: URL) {
    const from = url.searchParams.get("from") ? new Date(url.searchParams.get("from")!) : new Date(0);
    const to = url.searchParams.get("to") ? new Date(url.searchParams.get("to")!) : new Date(8.64e15);
    const perPage = Number(url.searchParams.get("perPage") ?? url.searchParams.get("per_page") ?? 50);
    const page = Number(url.searchParams.get("page") ?? 1);
    const all = [...this.transfers.values()].filter((t) => t.createdAt >= from && t.createdAt < to);
    const fixture = paystackFixture("transfer-list");
    const template = (fixture.body.data as Record<string, unknown>[])[0]!;
    const rows = all.slice((page - 1) * perPage, page * perPage).map((t) => {
      if (this.variants.listRows === "openapi_schema") return this.verifyData(t);
      // The documented row: no reference, no fee_charged.
      const recipient = [...this.recipients.values()].find((r) => r.code === t.recipient);
      return Object.assign(clone(template), {
        amount: t.amount,
        currency: "GHS",
        reason: "Qurhealth payout",
        status: t.status,
        transfer_code: t.transferCode,
        id: t.id,
        createdAt: t.createdAt.toISOString(),
        updatedAt: new Date().toISOString(),
        ...(recipient ? { recipient: this.recipientData(recipient) } : {}),
      });
    });
    return {
      status: 200,
      body: {
        ...fixture.body,
        data: rows,
        meta: {
          total: all.length,
          skipped: (page - 1) * perPage,
          perPage,
          page,
          pageCount: Math.max(1, Math.ceil(all.length / perPage)),
        },
      },
    };
  }

  private resolve(url: URL) {
    const accountNumber = url.searchParams.get("account_number") ?? "";
    const bankCode = url.searchParams.get("bank_code") ?? "";
    this.resolveQueries.push(Object.fromEntries(url.searchParams));
    const fixture = paystackFixture("bank-resolve");
    // Documented for personal bank accounts in Nigeria and Ghana; mobile money is a variant.
    const name =
      bankCode in MOMO_BANKS
        ? this.variants.momoResolve === "resolves"
          ? this.walletHolders.get(accountNumber)
          : undefined
        : this.accountHolders.get(`${bankCode}:${accountNumber}`);
    if (!name) {
      if (this.variants.resolveUnknown === "404") {
        const notFound = paystackFixture("bank-resolve-not-found");
        return { status: notFound.status ?? 404, body: notFound.body };
      }
      return this.refusal(422, "Could not resolve account name. Check parameters or try again.", {
        type: "validation_error",
      });
    }
    return {
      status: 200,
      body: { ...fixture.body, data: { ...dataOf(fixture), account_number: accountNumber, account_name: name } },
    };
  }
}

export async function startPaystackFake(options: PaystackFakeOptions = {}): Promise<PaystackFake> {
  return new PaystackFake(options).listen();
}
