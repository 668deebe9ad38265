import type { Context, MiddlewareHandler } from "hono";

/**
 * A request body limit that never buffers (decision 023). A body that declares its length is refused
 * at once when it is too large; a body without one (chunked) is passed on as a stream that counts
 * what the handler reads and fails past the limit, and the handler's answer is then replaced by
 * `onError`'s (413). Hono's own bodyLimit reads a chunked body whole into memory before the route
 * runs: a 10 MB upload held for every sender, even one the route would refuse unread.
 */
export function bodyLimit(options: {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}): MiddlewareHandler {
  const { maxSize, onError } = options;
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const length = raw.headers.get("content-length");
    if (length !== null && !raw.headers.has("transfer-encoding")) {
      return Number.parseInt(length, 10) > maxSize ? onError(c) : next();
    }
    let size = 0;
    let exceeded = false;
    const reader = raw.body.getReader();
    // What the handler no longer wants is read and dropped (at most `maxSize` more), then the rest is
    // cancelled: a sender is not cut off mid-request for a refusal, and an endless body still ends.
    const drop = async () => {
      let dropped = 0;
      try {
        while (dropped <= maxSize) {
          const { done, value } = await reader.read();
          if (done) return;
          dropped += value.byteLength;
        }
        await reader.cancel();
      } catch {
        // The sender went away.
      }
    };
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > maxSize) {
          exceeded = true;
          controller.error(new RangeError(`request body larger than ${maxSize} bytes`));
          void drop();
          return;
        }
        controller.enqueue(value);
      },
      cancel() {
        void drop();
      },
    });
    c.req.raw = new Request(raw, { body: counted, duplex: "half" } as RequestInit);
    await next();
    if (exceeded) c.res = await onError(c);
  };
}
