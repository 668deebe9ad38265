import { redirect } from "react-router";
import { dbOf } from "~/db/context.server";
import { verifyEmail } from "~/features/accounts/accounts.server";
import type { Route } from "./+types/verify";

/** The emailed verification link: confirms the address and lands on a page saying so and what comes next. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyEmail(dbOf(context), token);
  return redirect(verified ? "/auth/email-confirmed" : "/auth?verification=invalid");
}
