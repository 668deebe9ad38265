import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * The common part of the local fakes of the SMS and WhatsApp providers' documented HTTP APIs
 * (decision 025): a node:http server on 127.0.0.1 and an OS-chosen port that records every request,
 * answers as the provider documents for the mode it is in, and can hang (timeout tests) or honour
 * idempotency keys (durability tests). No test touches the network.
 */
export type FakeMode = "success" | "no_credit" | "invalid_number" | "server_error" | "hang" | "sender_refused";

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
};

export type AcceptedMessage = { id: string; to: string; text: string; key: string | null };

export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

export type FakeOptions = {
  /**
   * De-duplicate sends carrying the same idempotency key. Only for a provider whose documentation
   * promises it (none of ours does: Hubtel's fake and WhatsApp's refuse it), so that a durability
   * test proves "at least once" honestly.
   */
  honourIdempotency?: boolean;
  /** Answers every request this much later (a provider slower than our commits: durability tests). */
  delayMs?: number;
};

export type FakeContext = {
  request: RecordedRequest;
  mode: FakeMode;
  /** Records an accepted message (or returns the earlier one with the same key when honouring keys). */
  accept(to: string, text: string, key: string | null): AcceptedMessage;
  statuses: Map<string, string>;
};

export class FakeServer {
  readonly requests: RecordedRequest[] = [];
  readonly accepted: AcceptedMessage[] = [];
  /** Delivery states set by tests (for providers that are polled). */
  readonly statuses = new Map<string, string>();
  mode: FakeMode = "success";
  url = "";
  /** Requests received and not answered yet (with `delayMs`: the provider has acted, its answer is on the way). */
  inFlight = 0;
  /** Those requests themselves (a durability test names the sends a kill interrupted). */
  readonly unanswered = new Set<RecordedRequest>();
  private readonly sockets = new Set<Socket>();
  private readonly byKey = new Map<string, AcceptedMessage>();
  private readonly server;
  private readonly handle: (context: FakeContext) => FakeAnswer;
  private readonly options: FakeOptions;

  constructor(handle: (context: FakeContext) => FakeAnswer, options: FakeOptions = {}) {
    this.handle = handle;
    this.options = options;
    this.server = createServer((req, res) => this.serve(req, res));
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

  /** Messages the fake handed on (one per accepted send; a deduplicated retry adds none). */
  get delivered(): number {
    return this.accepted.length;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const request: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      this.requests.push(request);
      const answer = this.handle({
        request,
        mode: this.mode,
        statuses: this.statuses,
        accept: (to, text, key) => {
          const earlier = key && this.options.honourIdempotency ? this.byKey.get(key) : undefined;
          if (earlier) return earlier;
          const message = { id: randomUUID(), to, text, key };
          this.accepted.push(message);
          if (key) this.byKey.set(key, message);
          return message;
        },
      });
      if (this.mode === "hang" && answer.status === 0) return; // never answers: the client's timeout fires
      const send = () => {
        res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
      };
      if (!this.options.delayMs) return send();
      this.inFlight += 1;
      this.unanswered.add(request);
      setTimeout(() => {
        this.inFlight -= 1;
        this.unanswered.delete(request);
        if (!res.destroyed) send();
      }, this.options.delayMs);
    });
  }
}

/** A JSON body, or null when it is not JSON. */
export function jsonBody(request: RecordedRequest): Record<string, unknown> | null {
  try {
    const value = JSON.parse(request.body) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The answer a fake gives in "hang" mode: none at all. */
export const HANG: FakeAnswer = { status: 0 };

/**
 * A provider's documented example (tests/helpers/fake-providers/fixtures/<provider>/<name>.json):
 * `source` names where it was taken from (the provider's documentation, its SDK's tests, or an
 * issue thread quoting a real answer), `status` and `body` are what the fake answers. Strings in
 * the body may hold `{{name}}` placeholders (an id, a number, the template's name), filled from
 * `values`; a placeholder that is the whole string keeps the value's type.
 */
export type Fixture = { source: string; note?: string; status: number; body: unknown };

const fixtures = new Map<string, Fixture>();

export function fixture(provider: string, name: string): Fixture {
  const key = `${provider}/${name}`;
  let found = fixtures.get(key);
  if (!found) {
    const url = new URL(`./fixtures/${provider}/${name}.json`, import.meta.url);
    found = JSON.parse(readFileSync(url, "utf8")) as Fixture;
    if (typeof found.source !== "string" || !found.source) throw new Error(`fixture ${key} names no source`);
    fixtures.set(key, found);
  }
  return found;
}

/** The fake's answer from a fixture, its placeholders filled. */
export function fromFixture(
  provider: string,
  name: string,
  values: Record<string, unknown> = {},
  headers?: Record<string, string>,
): FakeAnswer {
  const { status, body } = fixture(provider, name);
  return { status, body: fill(body, values), ...(headers ? { headers } : {}) };
}

function fill(value: unknown, values: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = /^\{\{(\w+)\}\}$/.exec(value);
    if (whole && whole[1]! in values) return values[whole[1]!];
    return value.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, values));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)]));
  }
  return value;
}
