import { redirect } from "react-router";
import { db } from "~/db/database.server";
import { signOutAction } from "~/features/accounts/account-actions.server";
import type { Route } from "./+types/sign-out";

/** Sign out ends the session on the server and clears the cookie (a POST; a GET changes nothing). */
export async function action({ request }: Route.ActionArgs) {
  const answer = await signOutAction(await db(), request);
  return redirect(answer.redirect, { headers: answer.headers });
}

export const loader = () => redirect("/");
