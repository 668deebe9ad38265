import { href, Link } from "react-router";
import { actorLocale, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import type { ToastMessage } from "~/components/ui/toaster";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { PayoutDetailsConfirmForm } from "~/features/payouts/components/payout-details-confirm-form";
import { PayoutDetailsCurrent } from "~/features/payouts/components/payout-details-current";
import { PayoutDetailsRequestForm } from "~/features/payouts/components/payout-details-request-form";
import { payoutChangedMessage } from "~/features/payouts/components/payout-hold-message";
import { getPayoutDetails } from "~/features/payouts/payout-details.server";
import { accraDateTime } from "~/features/payouts/payout-details-answer";
import { confirmPayoutDetailsChange } from "~/features/payouts/payout-details-confirm.server";
import { checkPayoutDestination, requestPayoutDetailsChange } from "~/features/payouts/payout-details-request.server";
import {
  confirmPayoutDetailsSchema,
  PAYOUT_DETAIL_RULES,
  requestPayoutDetailsSchema,
} from "~/features/payouts/payout-details-schema";
import { translator } from "~/i18n/i18n";
import { pageLocale } from "~/i18n/page-locale";
import { useLocale, useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { once, postedKey } from "~/lib/idempotency.server";
import { refuse } from "~/lib/refusal";
import type { Route } from "./+types/payout-details";

/**
 * Where the doctor is paid (decision 026): a mobile-money wallet or a bank account. A change is
 * confirmed with a code by SMS and a code by email, and holds payouts for 24 hours. The account's
 * holder is asked of the payout provider first and shown (decision 032, point 5); a wallet it cannot
 * name gets a third code, by SMS to the wallet's own number.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return getPayoutDetails(dbOf(context), await allowedActor(context));
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${translator(pageLocale(location.pathname, matches))("Payout details")} | ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

const failed = (title: string) => (description: string) =>
  ({ title, description, variant: "destructive" }) satisfies ToastMessage;

/** Request a change (codes sent by SMS and email), or confirm it with both codes: one form path each. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const actor = await allowedActor(context);
  const locale = await actorLocale(context);
  const t = translator(locale);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "request" && intent !== "confirm") refuse(400, "Unknown action");
  // The domain functions check the posted values again (the mobile-money number with libphonenumber-js).
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  if (intent === "request") {
    return formAction(form, {
      schema: requestPayoutDetailsSchema,
      // One change (one SMS code, one email code) per idempotency key (decision 027): a double tap or a
      // retry after a timeout is answered as the first, and sends nothing again.
      run: async () => {
        // Asked of the payout provider before the transaction: a call over the network must not hold the database.
        const checked = await checkPayoutDestination(actor, values);
        const sent = await once(
          db,
          { scope: actor.id, key: postedKey(form), form: "payout-details-request" },
          (tx) => requestPayoutDetailsChange(tx, actor, values, new Date(), { checked }),
          ({ smsTo, walletTo }) => ({ status: 200, body: { smsTo, walletTo } }),
        );
        return sent.answer?.body as { smsTo: string; walletTo: string | null };
      },
      done: ({ smsTo, walletTo }) => ({
        toast: {
          title: "Codes sent",
          description: walletTo
            ? t("payoutDetails.codesSentWallet", { smsTo, walletTo, minutes: PAYOUT_DETAIL_RULES.validMinutes })
            : t("payoutDetails.codesSent", { smsTo, minutes: PAYOUT_DETAIL_RULES.validMinutes }),
          variant: "success",
        },
      }),
      refused: failed("Not sent"),
      extra: { intent: "request" as const },
    });
  }
  return formAction(form, {
    schema: confirmPayoutDetailsSchema,
    run: () => confirmPayoutDetailsChange(db, actor, values),
    done: ({ holdUntil }) => ({
      toast: {
        title: "Payout details changed",
        description: payoutChangedMessage(holdUntil, new Date(), t, locale),
        variant: "success",
      },
    }),
    refused: failed("Not changed"),
    extra: { intent: "confirm" as const },
  });
}

export default function PayoutDetailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const t = useT();
  const locale = useLocale();
  return (
    <main id="main" className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("Payout details")}</h1>
      <p className="mt-2 text-muted">
        {t("Where your share of each completed referral is paid.")}{" "}
        <Link to={href("/dashboard/doctor")}>{t("Back to your dashboard")}</Link>
      </p>
      <FormNotice answer={actionData} />
      <PayoutDetailsCurrent current={view.current} />
      {view.phoneChangeHoldUntil ? (
        <p className="card mt-6 p-6" role="status">
          {t("payoutDetails.phoneChangeHold", { until: accraDateTime(view.phoneChangeHoldUntil, locale) })}
        </p>
      ) : view.confirmedPhone ? (
        <PayoutDetailsRequestForm
          answer={actionData?.intent === "request" ? actionData : undefined}
          hasDetails={!!view.current}
        />
      ) : (
        <p className="card mt-6 p-6" role="status">
          {t("To add or change payout details, first")}{" "}
          <Link to={href("/account/notifications")}>{t("confirm your mobile number")}</Link>
          {t("payoutDetails.codeForEveryChange")}
        </p>
      )}
      {view.pending ? (
        <PayoutDetailsConfirmForm
          answer={actionData?.intent === "confirm" ? actionData : undefined}
          codesSent={actionData?.intent === "request" && actionData.ok ? actionData : null}
          pending={view.pending}
          phone={view.confirmedPhone ?? ""}
        />
      ) : null}
    </main>
  );
}
