import { database } from "~/db/database.server";
import { logger } from "~/lib/logger.server";

/** 200 after a database round-trip; 503 when the database does not answer within 2 seconds. */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const handle = await withTimeout(database(), 2000);
    const started = performance.now();
    await withTimeout(handle.ping(), 2000);
    return Response.json(
      { status: "ok", database: handle.kind, dbMs: Math.round((performance.now() - started) * 10) / 10 },
      { headers },
    );
  } catch (error) {
    logger.warn({ err: error }, "health check failed");
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
