import { redirect } from "react-router";
import { dbOf } from "~/db/context.server";
import { verifyEmail } from "~/features/accounts/accounts.server";
import { localePath } from "~/i18n/locales";
import type { Route } from "./+types/verify";

/**
 * The emailed verification link: confirms the address and lands on a page saying so and what comes
 * next, in the language the mail was written in (`lang=fr`: the French pages, decision 048).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const verified = await verifyEmail(dbOf(context), query.get("token") ?? "");
  const locale = query.get("lang") === "fr" ? "fr" : "en";
  return redirect(localePath(locale, verified ? "/auth/email-confirmed" : "/auth?verification=invalid"));
}
