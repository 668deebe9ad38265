import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";

/** A body without a declared length, in 64 KB chunks; `pulled()` is how much was asked for. */
function chunkedBody(size: number) {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= size) return controller.close();
      controller.enqueue(new Uint8Array(Math.min(64 * 1024, size - offset)));
      offset += 64 * 1024;
    },
  });
  return { stream, pulled: () => Math.min(offset, size) };
}

function app(read: boolean) {
  const hono = new Hono();
  hono.use(bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.text("too large", 413) }));
  hono.post("/", async (c) => {
    if (!read) return c.text("refused unread", 401);
    const bytes = await c.req.raw.arrayBuffer().catch(() => null);
    return c.text(bytes ? `read ${bytes.byteLength}` : "unreadable", bytes ? 200 : 400);
  });
  return hono;
}

const post = (hono: Hono, body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
  hono.request("/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("the request body limit (issue 24)", () => {
  it("refuses a declared length over the limit without reading the body", async () => {
    const body = chunkedBody(2 * 1024 * 1024);
    const response = await post(app(true), body.stream, { "Content-Length": String(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
    // (A stream hands over its first chunk as it is made; nothing more is asked for.)
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("never buffers a chunked body: a handler that refuses unread leaves it unread", async () => {
    const body = chunkedBody(10 * 1024 * 1024);
    const response = await post(app(false), body.stream);
    expect(await response.text()).toBe("refused unread");
    expect(body.pulled()).toBeLessThan(256 * 1024);
  });

  it("a chunked body read past the limit is answered 413; one within it reaches the handler whole", async () => {
    const big = chunkedBody(8 * 1024 * 1024);
    const over = await post(app(true), big.stream);
    expect(over.status).toBe(413);
    // Read past the limit, the rest is dropped for at most the limit again, then cancelled.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(big.pulled()).toBeLessThan(3 * 1024 * 1024);
    const small = await post(app(true), chunkedBody(512 * 1024).stream);
    expect(await small.text()).toBe(`read ${512 * 1024}`);
  });
});
