import { createHash, timingSafeEqual } from "node:crypto";
import type { Actor } from "./actor";

/*
 * An authenticated operator (decision 036): who may read what the server says about itself (which
 * database runs and how fast it answers, on /healthz). Either the bearer of the token in
 * HEALTHZ_TOKEN (a monitoring system; see docs/deployment.md), or a signed-in approved system
 * administrator. Anyone else (a load balancer) learns only that the server is up.
 */

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True for the bearer of `token` (when one is configured) or a signed-in approved system administrator. */
export function isOperator(request: Request, actor: Actor, token: string | undefined): boolean {
  if (actor.kind === "user" && actor.role === "system_admin" && actor.approved) return true;
  if (!token) return false;
  const given = /^Bearer (.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  // Compared as digests: the same length whatever was sent, and in constant time.
  return !!given && timingSafeEqual(digest(given), digest(token));
}
