import { data, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { actorTranslator, allowedActor } from "~/auth/context.server";
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { FormNotice } from "~/components/forms/form-parts";
import { useAddressDialog } from "~/components/ui/dialog-state";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { isAccountStatus } from "~/features/accounts/account-status";
import { approveAccount, declineAccount } from "~/features/accounts/approval.server";
import { useApprovalsInFlight } from "~/features/accounts/components/approve-button";
import { DeclineDialog } from "~/features/accounts/components/decline-dialog";
import { UsersPanel } from "~/features/accounts/components/users-panel";
import { declineSchema } from "~/features/accounts/decline-schema";
import type { UserRow } from "~/features/accounts/user-admin.server";
import { listUsers } from "~/features/accounts/user-admin.server";
import { PlatformFigures, SystemAdminTabs, systemAdminTabOf } from "~/features/admin/components/system-admin-sections";
import { type AdminAnswer, RecordPaymentDialog } from "~/features/payments/components/payment-table";
import { PaymentsPanel } from "~/features/payments/components/payments-panel";
import { recordPaymentSchema } from "~/features/payments/payment-schema";
import { listPayments, type PaymentRow, recordPayment } from "~/features/payments/payments.server";
import { AllReferralsPanel } from "~/features/referrals/components/all-referrals-panel";
import { isReferralStatus } from "~/features/referrals/referral-status";
import { listAllReferrals, platformStats } from "~/features/referrals/referrals.server";
import { WaitlistPanel } from "~/features/waitlist/components/waitlist-panel";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { pageFrom } from "~/lib/paging";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/system-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System Administrator",
    description: "Accounts, referrals, payouts and the hub waitlist.",
    noindex: true,
  });

/** Gated (spec section 6): the cards and only the open tab's data. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const params = new URL(request.url).searchParams;
  const [tab, page, status] = [systemAdminTabOf(params.get("tab")), pageFrom(params.get("page")), params.get("status")];
  const stats = await platformStats(db, actor);
  const view =
    tab === "referrals"
      ? {
          tab,
          referrals: await listAllReferrals(db, actor, { page, status: isReferralStatus(status) ? status : null }),
        }
      : tab === "users"
        ? {
            tab,
            users: await listUsers(db, actor, page, params.get("q") ?? "", isAccountStatus(status) ? status : null),
          }
        : tab === "payments"
          ? { tab, payments: await listPayments(db, actor, page) }
          : { tab, waitlist: await listWaitlist(db, actor, page) };
  return { actor, stats, view };
}

/** After a conflict (the payment was recorded by someone else first) the page is read again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

const failed = (description: string): ToastMessage => ({ title: "Error", description, variant: "destructive" });
const approveSchema = z.object({ userId: z.optional(z.string()) });

/**
 * The spec's two server operations, approve-doctor {userId} and record-payment {paymentId,
 * payment_method, payment_reference}, and declining an account: the form's schema, then the domain
 * function (which checks who may, and validates again), answered by formAction.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // The gate before the form: whatever is posted, a refused visitor gets 401 or 403.
  const actor = await allowedActor(context);
  const db = dbOf(context);
  const form = await readForm(request);
  const t = await actorTranslator(context);
  const intent = form.get("intent");
  if (intent === "approve") {
    // The role the page showed names the account in a refusal (the spec's "Failed to approve doctor").
    const shown = form.get("role");
    const who = isRole(shown) ? ROLE_LABELS[shown].toLowerCase() : "account";
    return formAction(form, {
      schema: approveSchema,
      run: async ({ userId }) => approveAccount(db, actor, userId ?? ""),
      done: ({ role, awaitingSecond }) => ({
        toast: awaitingSecond
          ? {
              title: "Approval requested",
              description: "A second system administrator must confirm this approval. They have been told.",
              variant: "success",
            }
          : {
              title: `${ROLE_LABELS[role]} Approved`,
              description: "The account has been approved.",
              variant: "success",
            },
      }),
      refused: () => failed(`Failed to approve ${who}`),
      extra: { intent, subject: String(form.get("userId") ?? "") },
    });
  }
  if (intent === "decline") {
    return formAction(form, {
      schema: declineSchema,
      run: async (values) => declineAccount(db, actor, values),
      done: ({ role }) => ({
        toast: {
          title: `${ROLE_LABELS[role]} Declined`,
          description: "The account has been declined. They will read your reason when they sign in.",
          variant: "success",
        },
      }),
      // A refusal with its reason: in the administrator's language (the reason's own text through the catalogue).
      refused: (message) => failed(t("admin.declineFailed", { message: t(message) })),
      extra: { intent, subject: String(form.get("userId") ?? "") },
    });
  }
  if (intent === "record-payment") {
    return formAction(form, {
      schema: recordPaymentSchema,
      run: async (values) => recordPayment(db, actor, values),
      done: () => ({
        toast: {
          title: "Payment Recorded",
          description: "Payment has been marked as paid successfully.",
          variant: "success",
        },
      }),
      refused: (_, messages) =>
        failed(t("admin.recordPaymentFailed", { messages: [...new Set(messages)].map((m) => t(m)).join(", ") })),
      extra: { intent, subject: String(form.get("paymentId") ?? "") },
    });
  }
  return data<AdminAnswer>({ ok: false, intent: null, subject: "", toast: failed("Unknown action") }, { status: 400 });
}

export default function SystemAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { actor, stats, view } = loaderData;
  // Every answer has its toast (formAction's refusals, and each `done` above).
  const answer = actionData as AdminAnswer | undefined;
  const [params] = useSearchParams();
  const approving = useApprovalsInFlight();
  const { watch, watchers } = useFetcherToasts();
  const t = useT();

  // Mark as Paid and Decline: opened by the address (?pay=<id>, ?decline=<id>: a plain link
  // without JavaScript) or, with React, by their links without leaving the page.
  const payFromAddress =
    view.tab === "payments"
      ? (view.payments.rows.find((p) => p.id === params.get("pay") && p.status === "pending") ?? null)
      : null;
  const pay = useAddressDialog<PaymentRow>("pay", payFromAddress);
  const declineFromAddress =
    view.tab === "users"
      ? (view.users.rows.find((u) => u.id === params.get("decline") && u.status === "pending") ?? null)
      : null;
  const decline = useAddressDialog<UserRow>("decline", declineFromAddress);
  const stillPending = view.tab === "users" ? view.users.rows.filter((u) => !u.verified && approving.has(u.id)) : [];

  return (
    <DashboardShell title={t("System Administrator")} actor={actor}>
      <FormNotice answer={answer} />
      <PlatformFigures stats={stats} approving={stillPending.length} />
      <SystemAdminTabs
        current={view.tab}
        panel={
          view.tab === "referrals" ? (
            <AllReferralsPanel referrals={view.referrals} />
          ) : view.tab === "users" ? (
            <UsersPanel users={view.users} approving={approving} onApprove={watch} onDecline={decline.show} />
          ) : view.tab === "payments" ? (
            <PaymentsPanel payments={view.payments} onPay={pay.show} />
          ) : (
            <WaitlistPanel waitlist={view.waitlist} />
          )
        }
      />
      <RecordPaymentDialog payment={pay.subject} answer={answer} {...pay.props} />
      <DeclineDialog user={decline.subject} answer={answer} {...decline.props} />
      {watchers}
    </DashboardShell>
  );
}
