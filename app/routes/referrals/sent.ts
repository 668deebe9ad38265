import { actorOf } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { referralSentWithKey } from "~/features/referrals/sent-by-key.server";
import { flashHeader } from "~/lib/flash.server";
import type { Route } from "./+types/sent";

const PRIVATE = { "Cache-Control": "private, no-store", "Content-Type": "application/json; charset=utf-8" };

/**
 * GET /referrals/create/sent?key=… (decision 037): where the referral made with this idempotency key
 * is, for a browser that lost the answer to its post: `{ "location": "/referrals/REF-…" }` with the
 * create's "Referral Created" toast in the flash cookie, or 404 `{ "location": null }` (not made,
 * not yet committed, or not this person's); 401 signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const actor = await actorOf(context);
  if (actor.kind === "anonymous") {
    return new Response(JSON.stringify({ location: null }), { status: 401, headers: PRIVATE });
  }
  const answer = await referralSentWithKey(dbOf(context), actor, key);
  if (!answer?.location) return new Response(JSON.stringify({ location: null }), { status: 404, headers: PRIVATE });
  const headers = new Headers(PRIVATE);
  if (answer.toast) headers.append("Set-Cookie", await flashHeader(answer.toast));
  return new Response(JSON.stringify({ location: answer.location }), { status: 200, headers });
}
