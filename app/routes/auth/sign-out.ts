import { redirect } from "react-router";
import { dbOf } from "~/db/context.server";
import { signOutAction } from "~/features/accounts/account-actions.server";
import type { Route } from "./+types/sign-out";

/**
 * Sign out ends the session on the server and clears the cookie (a POST; a GET changes nothing).
 * It also empties this site's storage in the browser (`Clear-Site-Data: "storage"`): the drafts
 * kept on the device (lib/drafts.ts: patient data) go with the person (decision 027). The service
 * worker goes too; the next page that hydrates registers it again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await signOutAction(dbOf(context), request);
  const headers = new Headers(answer.headers);
  headers.set("Clear-Site-Data", '"storage"');
  return redirect(answer.redirect, { headers });
}

export const loader = () => redirect("/");
