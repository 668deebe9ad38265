import { ANONYMOUS } from "~/auth/actor";
import { actorOf } from "~/auth/context.server";
import { isOperator } from "~/auth/operator.server";
import { database } from "~/database.server";
import { env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/healthz";

/**
 * 200 after a database round-trip; 503 when the database does not answer within 2 seconds. Which
 * database runs and its round trip are told to an authenticated operator only (decision 036: a bearer
 * of HEALTHZ_TOKEN, or a signed-in approved system administrator); anyone else, a load balancer
 * included, gets `{ "status": "ok" }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  try {
    const handle = await withTimeout(database(), 2000);
    const started = performance.now();
    await withTimeout(handle.ping(), 2000);
    const dbMs = Math.round((performance.now() - started) * 10) / 10;
    // Only a request with a session cookie costs a session lookup; a balancer's check sends none.
    const actor = request.headers.has("cookie") ? await actorOf(context).catch(() => ANONYMOUS) : ANONYMOUS;
    if (!isOperator(request, actor, env().HEALTHZ_TOKEN)) return Response.json({ status: "ok" }, { headers });
    return Response.json({ status: "ok", database: handle.kind, dbMs }, { headers });
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
