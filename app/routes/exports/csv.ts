import { actorOf } from "~/auth/context.server";
import { dbOf } from "~/db/context.server";
import { paymentsCsv, referralFiltersFrom, referralsCsv, usersCsv } from "~/features/exports/exports.server";
import { csvHeaders } from "~/lib/csv.server";
import { refuse } from "~/lib/refusal";
import type { Route } from "./+types/csv";

/**
 * The CSV downloads (decision 020): /exports/referrals.csv (system administrators: all, with the
 * History list's `status` and `q`; facility administrators: their facility's), /exports/payments.csv
 * (`status=pending|paid`) and /exports/users.csv. Each domain function checks the actor (401/403)
 * and audits the download before the first byte.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const actor = await actorOf(context);
  const search = new URL(request.url).searchParams;
  const file =
    params.file === "referrals.csv"
      ? await referralsCsv(database, actor, referralFiltersFrom(search))
      : params.file === "payments.csv"
        ? await paymentsCsv(database, actor, search.get("status"))
        : params.file === "users.csv"
          ? await usersCsv(database, actor)
          : null;
  if (!file) refuse(404, "Not Found");
  return new Response(file.stream, { headers: csvHeaders(file.fileName) });
}
