import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { paystackSignature } from "~/features/payouts/paystack.server";

/**
 * A local fake of Paystack's Transfers API (issue 27), as documented: Bearer secret key, JSON
 * answers {status, message, data}, POST /transferrecipient, POST /transfer (refuses a reference it
 * has seen: a retry never pays twice), GET /transfer/verify/:reference, GET /transfer?from&to, and
 * webhooks signed with HMAC SHA-512 of the raw body under the secret (x-paystack-signature).
 * Configurable latency and failures; no test touches the network.
 */
export type FakeTransfer = {
  reference: string;
  transferCode: string;
  amount: number;
  recipient: string;
  status: "pending" | "success" | "failed" | "reversed";
  fee: number;
  createdAt: Date;
};

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
};

export type PaystackMode = "normal" | "server_error" | "insufficient_balance" | "hang" | "accept_then_hang";

export class PaystackFake {
  readonly secretKey: string;
  latencyMs: number;
  feePesewas: number;
  mode: PaystackMode = "normal";
  /** The next N POST /transfer calls answer 500 without taking the transfer. */
  failNextTransfers = 0;
  /** Status a new transfer is given (Paystack answers "pending" and settles later). */
  initialStatus: FakeTransfer["status"] = "pending";
  readonly transfers = new Map<string, FakeTransfer>();
  readonly recipients = new Map<string, { code: string; body: Record<string, unknown> }>();
  readonly requests: Array<{ method: string; path: string; body: string; authorization: string | undefined }> = [];
  /** POST /transfer calls that arrived (accepted, duplicates, failures). */
  transferCalls = 0;
  answerDelayMs: number;
  /** References of transfers taken whose answer is still held (answerDelayMs). */
  readonly held = new Set<string>();
  url = "";
  private readonly server = createServer((req, res) => this.serve(req, res));
  private readonly sockets = new Set<Socket>();

  constructor(options: PaystackFakeOptions = {}) {
    this.secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
    this.latencyMs = options.latencyMs ?? 0;
    this.feePesewas = options.feePesewas ?? 100;
    this.answerDelayMs = options.answerDelayMs ?? 0;
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

  /** The webhook Paystack would send for a transfer (signed; `forge` signs with another key). */
  webhook(
    reference: string,
    event: string,
    options: { forge?: boolean } = {},
  ): { body: string; headers: Record<string, string> } {
    const t = this.transfers.get(reference);
    const body = JSON.stringify({
      event,
      data: {
        amount: t?.amount ?? 0,
        currency: "GHS",
        domain: "test",
        fee_charged: t?.fee ?? 0,
        reason: "Qurhealth payout",
        reference,
        source: "balance",
        status: event.replace("transfer.", ""),
        transfer_code: t?.transferCode ?? "TRF_unknown",
        recipient: { recipient_code: t?.recipient ?? "RCP_unknown" },
        created_at: t?.createdAt.toISOString(),
        updated_at: new Date().toISOString(),
      },
    });
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

  private handle(
    method: string,
    url: URL,
    raw: string,
    authorization: string | undefined,
  ): { status: number; body: unknown } | null {
    if (authorization !== `Bearer ${this.secretKey}`)
      return { status: 401, body: { status: false, message: "Invalid key" } };
    if (this.mode === "server_error") return { status: 500, body: { status: false, message: "An error occurred" } };
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return { status: 400, body: { status: false, message: "Invalid JSON" } };
    }
    if (method === "POST" && url.pathname === "/transferrecipient") {
      for (const field of ["type", "name", "account_number", "bank_code"]) {
        if (!body[field]) return { status: 400, body: { status: false, message: `${field} is required` } };
      }
      if (body.type === "mobile_money" && !/^0\d{9}$/.test(String(body.account_number))) {
        return { status: 422, body: { status: false, message: "Account number is invalid" } };
      }
      const key = `${body.type}:${body.bank_code}:${body.account_number}`;
      const existing = this.recipients.get(key);
      const code = existing?.code ?? `RCP_${randomBytes(6).toString("hex")}`;
      this.recipients.set(key, { code, body });
      return {
        status: 201,
        body: {
          status: true,
          message: "Transfer recipient created successfully",
          data: { recipient_code: code, ...body },
        },
      };
    }
    if (method === "POST" && url.pathname === "/transfer") {
      this.transferCalls += 1;
      if (this.failNextTransfers > 0) {
        this.failNextTransfers -= 1;
        return { status: 500, body: { status: false, message: "An error occurred" } };
      }
      if (this.mode === "insufficient_balance") {
        return { status: 400, body: { status: false, message: "Your balance is not enough to fulfil this request" } };
      }
      const reference = String(body.reference ?? "");
      if (!/^[a-z0-9_-]{16,50}$/.test(reference)) {
        return { status: 400, body: { status: false, message: "Invalid transfer reference" } };
      }
      if (this.transfers.has(reference)) {
        return { status: 400, body: { status: false, message: "Duplicate Transfer Reference" } };
      }
      const amount = Number(body.amount);
      if (!Number.isSafeInteger(amount) || amount <= 0) {
        return { status: 400, body: { status: false, message: "Invalid amount" } };
      }
      const recipient = String(body.recipient ?? "");
      if (![...this.recipients.values()].some((r) => r.code === recipient)) {
        return { status: 400, body: { status: false, message: "Recipient specified is invalid" } };
      }
      const transfer: FakeTransfer = {
        reference,
        transferCode: `TRF_${randomBytes(6).toString("hex")}`,
        amount,
        recipient,
        status: this.initialStatus,
        fee: this.feePesewas,
        createdAt: new Date(),
      };
      this.transfers.set(reference, transfer);
      if (this.mode === "accept_then_hang") return null; // took it, but the answer never comes back
      return {
        status: 200,
        body: {
          status: true,
          message: "Transfer has been queued",
          data: {
            reference,
            integration: 1,
            domain: "test",
            amount,
            currency: "GHS",
            source: "balance",
            reason: body.reason,
            recipient: 1,
            status: transfer.status,
            transfer_code: transfer.transferCode,
            createdAt: transfer.createdAt.toISOString(),
          },
        },
      };
    }
    const verify = /^\/transfer\/verify\/(.+)$/.exec(url.pathname);
    if (method === "GET" && verify) {
      const transfer = this.transfers.get(decodeURIComponent(verify[1]!));
      if (!transfer) return { status: 404, body: { status: false, message: "Transfer not found" } };
      return { status: 200, body: { status: true, message: "Transfer retrieved", data: this.shape(transfer) } };
    }
    if (method === "GET" && url.pathname === "/transfer") {
      const from = url.searchParams.get("from") ? new Date(url.searchParams.get("from")!) : new Date(0);
      const to = url.searchParams.get("to") ? new Date(url.searchParams.get("to")!) : new Date(8.64e15);
      const perPage = Number(url.searchParams.get("perPage") ?? 50);
      const page = Number(url.searchParams.get("page") ?? 1);
      const all = [...this.transfers.values()].filter((t) => t.createdAt >= from && t.createdAt < to);
      const rows = all.slice((page - 1) * perPage, page * perPage).map((t) => this.shape(t));
      return {
        status: 200,
        body: {
          status: true,
          message: "Transfers retrieved",
          data: rows,
          meta: { total: all.length, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) },
        },
      };
    }
    return { status: 404, body: { status: false, message: "Not found" } };
  }

  private shape(t: FakeTransfer) {
    return {
      amount: t.amount,
      currency: "GHS",
      reference: t.reference,
      status: t.status,
      transfer_code: t.transferCode,
      fee_charged: t.fee,
      createdAt: t.createdAt.toISOString(),
    };
  }
}

export async function startPaystackFake(options: PaystackFakeOptions = {}): Promise<PaystackFake> {
  return new PaystackFake(options).listen();
}
