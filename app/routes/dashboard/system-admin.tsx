import {
  data,
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  useFetchers,
  useLocation,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { isRole, ROLE_LABELS } from "~/auth/roles";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { useAddressDialog } from "~/components/ui/dialog-state";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import { Pagination, withParam } from "~/components/ui/pagination";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { Tabs } from "~/components/ui/tabs";
import { db } from "~/db/database.server";
import { ACCOUNT_STATUS_LABELS, ACCOUNT_STATUSES, isAccountStatus } from "~/features/accounts/account-status";
import { approveAccount, declineAccount } from "~/features/accounts/approval.server";
import { DeclineDialog } from "~/features/accounts/components/decline-dialog";
import { UserTable } from "~/features/accounts/components/user-table";
import { declineSchema } from "~/features/accounts/decline-schema";
import { readFields } from "~/features/accounts/form-errors";
import { listUsers, type UserRow } from "~/features/accounts/user-admin.server";
import { type AdminAnswer, PaymentTable, RecordPaymentDialog } from "~/features/payments/components/payment-table";
import { listPayments, type PaymentRow, recordPayment } from "~/features/payments/payments.server";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { RECORD_PAYMENT_FIELDS, recordPaymentSchema } from "~/features/referrals/referral-schema";
import { formatCedis, isReferralStatus, REFERRAL_STATUSES, STATUS_LABELS } from "~/features/referrals/referral-status";
import { listAllReferrals, pageFrom, platformStats } from "~/features/referrals/referrals.server";
import { WaitlistTable } from "~/features/waitlist/components/waitlist-table";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/system-admin";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System Administrator",
    description: "Accounts, referrals, payouts and the hub waitlist.",
    noindex: true,
  });

const PATH = "/dashboard/system-admin";
const TABS = [
  { id: "referrals", label: "All Referrals", href: PATH },
  { id: "users", label: "User Management", href: `${PATH}?tab=users` },
  { id: "payments", label: "Payment Management", href: `${PATH}?tab=payments` },
  { id: "waitlist", label: "Hub Waitlist", href: `${PATH}?tab=waitlist` },
] as const;
type TabId = (typeof TABS)[number]["id"];
const tabFrom = (value: string | null): TabId => TABS.find((t) => t.id === value)?.id ?? "referrals";

/** Gated (spec section 6): the cards and only the open tab's data. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const params = new URL(request.url).searchParams;
  const tab = tabFrom(params.get("tab"));
  const page = pageFrom(params.get("page"));
  const status = params.get("status");
  return loadGated(database, request, "system-admin", async (actor) => {
    const stats = await platformStats(database, actor);
    switch (tab) {
      case "referrals":
        return {
          stats,
          tab,
          referrals: await listAllReferrals(database, actor, {
            page,
            status: isReferralStatus(status) ? status : null,
          }),
        };
      case "users":
        return {
          stats,
          tab,
          users: await listUsers(database, actor, page, params.get("q") ?? "", isAccountStatus(status) ? status : null),
        };
      case "payments":
        return { stats, tab, payments: await listPayments(database, actor, page) };
      case "waitlist":
        return { stats, tab, waitlist: await listWaitlist(database, actor, page) };
    }
  });
}

/** After a conflict (the payment was recorded by someone else first) the page is read again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

const error = (description: string) => ({ title: "Error", description, variant: "destructive" as const });

/**
 * The spec's two server operations: approve-doctor {userId} and record-payment {paymentId,
 * payment_method, payment_reference}. The domain functions check who may, and validate.
 */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const actor = await getActor(database, request);
  const intent = form.get("intent");
  if (intent === "approve") {
    const userId = String(form.get("userId") ?? "");
    // The role the page showed names the account in a refusal (the spec's "Failed to approve doctor").
    const shownRole = form.get("role");
    try {
      const result = await approveAccount(database, actor, userId);
      return data<AdminAnswer>({
        ok: true,
        intent,
        subject: userId,
        toast: {
          title: `${ROLE_LABELS[result.role]} Approved`,
          description: "The account has been approved.",
          variant: "success",
        },
      });
    } catch (caught) {
      const refusal = refusalOf(caught);
      if (!refusal) throw caught;
      const who = isRole(shownRole) ? ROLE_LABELS[shownRole].toLowerCase() : "account";
      return data<AdminAnswer>(
        { ok: false, intent, subject: userId, toast: error(`Failed to approve ${who}`) },
        { status: refusal.status },
      );
    }
  }
  if (intent === "decline") {
    const userId = String(form.get("userId") ?? "");
    const submission = parseSubmission(form, declineSchema);
    try {
      const result = await declineAccount(database, actor, readFields(form, ["userId", "reason"]));
      if (!result.ok) {
        return data<AdminAnswer>(
          {
            ok: false,
            intent,
            subject: userId,
            fieldsRefused: true,
            result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
            toast: error(`Failed to decline account. ${result.message}`),
          },
          { status: 400 },
        );
      }
      return data<AdminAnswer>({
        ok: true,
        intent,
        subject: userId,
        result: submission.reply({ resetForm: true }),
        toast: {
          title: `${ROLE_LABELS[result.role]} Declined`,
          description: "The account has been declined. They will read your reason when they sign in.",
          variant: "success",
        },
      });
    } catch (caught) {
      const refusal = refusalOf(caught);
      if (!refusal) throw caught;
      return data<AdminAnswer>(
        {
          ok: false,
          intent,
          subject: userId,
          result: submission.reply({ formErrors: [refusal.message] }),
          toast: error(`Failed to decline account. ${refusal.message}`),
        },
        { status: refusal.status },
      );
    }
  }
  if (intent === "record-payment") {
    const paymentId = String(form.get("paymentId") ?? "");
    const submission = parseSubmission(form, recordPaymentSchema);
    try {
      const result = await recordPayment(database, actor, readFields(form, RECORD_PAYMENT_FIELDS));
      if (!result.ok) {
        return data<AdminAnswer>(
          {
            ok: false,
            intent,
            subject: paymentId,
            fieldsRefused: true,
            result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
            toast: error(`Failed to record payment. ${result.message}`),
          },
          { status: 400 },
        );
      }
      return data<AdminAnswer>({
        ok: true,
        intent,
        subject: paymentId,
        result: submission.reply({ resetForm: true }),
        toast: {
          title: "Payment Recorded",
          description: "Payment has been marked as paid successfully.",
          variant: "success",
        },
      });
    } catch (caught) {
      const refusal = refusalOf(caught);
      if (!refusal) throw caught;
      return data<AdminAnswer>(
        {
          ok: false,
          intent,
          subject: paymentId,
          result: submission.reply({ formErrors: [refusal.message] }),
          toast: error(`Failed to record payment. ${refusal.message}`),
        },
        { status: refusal.status },
      );
    }
  }
  return data<AdminAnswer>({ ok: false, intent: null, subject: "", toast: error("Unknown action") }, { status: 400 });
}

/** The accounts whose approval is on its way (rolled back as soon as one is refused). */
function useApprovalsInFlight(): Set<string> {
  const ids = new Set<string>();
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith("account:approve:") || !fetcher.formData) continue;
    if ((fetcher.data as AdminAnswer | undefined)?.ok === false) continue;
    const userId = fetcher.formData.get("userId");
    if (typeof userId === "string") ids.add(userId);
  }
  return ids;
}

/** Approve: a form of its own (a plain post without JavaScript); with React it posts with a fetcher. */
function ApproveButton({
  user,
  busy,
  onSubmitted,
}: {
  user: UserRow;
  busy: boolean;
  onSubmitted: (fetcherKey: string) => void;
}) {
  const fetcherKey = `account:approve:${user.id}`;
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={fetcherKey}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmitted(fetcherKey);
      }}
    >
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="role" value={user.role} />
      <SubmitButton
        name="intent"
        value="approve"
        busy={busy}
        busyLabel="Approving..."
        className="btn-primary min-h-9 px-3 py-1.5"
      >
        Approve<span className="sr-only"> {user.fullName}</span>
      </SubmitButton>
    </Form>
  );
}

/** Decline: a link that opens the dialog (`?decline=<id>`: without JavaScript the server renders it open). */
function DeclineLink({ user, onDecline }: { user: UserRow; onDecline: (user: UserRow, opener: HTMLElement) => void }) {
  const { search } = useLocation();
  return (
    <Link
      to={withParam(search, "decline", user.id)}
      preventScrollReset
      className="btn-secondary min-h-9 px-3 py-1.5"
      aria-label={`Decline ${user.fullName}`}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onDecline(user, event.currentTarget);
      }}
    >
      Decline
    </Link>
  );
}

function Loading() {
  return (
    <p role="status" className="py-6 text-center text-muted">
      Loading...
    </p>
  );
}

type View = NonNullable<Route.ComponentProps["loaderData"]["data"]>;

export default function SystemAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: view } = loaderData;
  const [params] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const approving = useApprovalsInFlight();
  const { watch, watchers } = useFetcherToasts();

  // Mark as Paid: opened by the address (?pay=<id>, a plain link without JavaScript) or, with
  // React, by its link without leaving the page.
  const fromAddress =
    view?.tab === "payments"
      ? (view.payments.rows.find((p) => p.id === params.get("pay") && p.status === "pending") ?? null)
      : null;
  const pay = useAddressDialog<PaymentRow>("pay", fromAddress);
  // Decline: the same, for ?decline=<id> on the users tab.
  const declineFromAddress =
    view?.tab === "users"
      ? (view.users.rows.find((u) => u.id === params.get("decline") && u.status === "pending") ?? null)
      : null;
  const decline = useAddressDialog<UserRow>("decline", declineFromAddress);

  if (gate.kind !== "allowed" || !view) return <GateScreen gate={gate}>{null}</GateScreen>;

  // The tab being opened shows as selected at once, while its data loads.
  const opening =
    navigation.location?.pathname === location.pathname
      ? tabFrom(new URLSearchParams(navigation.location.search).get("tab"))
      : null;
  const shown = opening ?? view.tab;
  const stillPending = view.tab === "users" ? view.users.rows.filter((u) => !u.verified && approving.has(u.id)) : [];

  return (
    <DashboardShell title="System Administrator" actor={gate.actor}>
      <FormNotice answer={actionData} />
      <StatGrid label="Platform figures">
        <StatCard label="Total Referrals" value={view.stats.totalReferrals} />
        <StatCard label="Active Doctors" value={view.stats.activeDoctors} hint="Approved doctors" />
        <StatCard
          label="Pending Approvals"
          value={view.stats.pendingApprovals - stillPending.length}
          hint="Accounts waiting for approval"
        />
        <StatCard
          label="Platform Revenue"
          value={formatCedis(view.stats.platformRevenue)}
          hint="Platform share of completed referrals"
        />
      </StatGrid>

      <div className="mt-10">
        <Tabs
          label="Sections"
          value={shown}
          keepMounted={false}
          onValueChange={(_, item) => navigate(item.href, { preventScrollReset: true })}
          listClassName="flex gap-1 overflow-x-auto border-b border-slate-200"
          triggerClassName="-mb-px inline-block shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-semibold whitespace-nowrap text-muted hover:text-ink aria-selected:border-brand-700 aria-selected:text-brand-800"
          items={TABS.map((t) => ({
            value: t.id,
            label: t.label,
            href: t.href,
            panel:
              t.id === view.tab ? (
                <Panel view={view} approving={approving} onApprove={watch} onPay={pay.show} onDecline={decline.show} />
              ) : (
                <Loading />
              ),
          }))}
        />
      </div>
      <RecordPaymentDialog
        payment={pay.subject}
        open={pay.open}
        onOpenChange={pay.onOpenChange}
        answer={actionData}
        returnFocusTo={pay.opener}
      />
      <DeclineDialog
        user={decline.subject}
        open={decline.open}
        onOpenChange={decline.onOpenChange}
        answer={actionData}
        returnFocusTo={decline.opener}
      />
      {watchers}
    </DashboardShell>
  );
}

function Panel({
  view,
  approving,
  onApprove,
  onPay,
  onDecline,
}: {
  view: View;
  approving: Set<string>;
  onApprove: (fetcherKey: string) => void;
  onPay: (payment: PaymentRow, opener: HTMLElement) => void;
  onDecline: (user: UserRow, opener: HTMLElement) => void;
}) {
  const [params] = useSearchParams();
  switch (view.tab) {
    case "referrals": {
      const status = params.get("status") ?? "";
      return (
        <>
          <Form method="get" preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="status-filter" className="field-label">
                Status
              </label>
              <select
                key={status}
                id="status-filter"
                name="status"
                defaultValue={status}
                className="field-input min-w-40"
              >
                <option value="">All statuses</option>
                {REFERRAL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Filter
            </button>
          </Form>
          <ReferralTable
            caption="All referrals, newest first"
            rows={view.referrals.rows}
            columns={["number", "patient", "doctor", "facility", "urgency", "status", "created", "amount"]}
            empty={status ? "No referrals with this status." : "No referrals yet."}
          />
          <Pagination page={view.referrals.page} pageCount={view.referrals.pageCount} label="Referral pages" />
        </>
      );
    }
    case "users": {
      const q = params.get("q") ?? "";
      const status = isAccountStatus(params.get("status")) ? (params.get("status") as string) : "";
      const empty = q
        ? `No accounts match "${q}"${status ? ` among ${status} accounts` : ""}.`
        : status
          ? `No ${status} accounts.`
          : "No accounts yet.";
      return (
        <>
          <search>
            <Form method="get" preventScrollReset className="mb-4 flex flex-wrap items-end gap-3">
              <input type="hidden" name="tab" value="users" />
              <div className="grow sm:max-w-sm">
                <label htmlFor="user-search" className="field-label">
                  Search by name or email
                </label>
                <input key={q} id="user-search" name="q" type="search" defaultValue={q} className="field-input" />
              </div>
              <div>
                <label htmlFor="user-status" className="field-label">
                  Status
                </label>
                <select
                  key={status}
                  id="user-status"
                  name="status"
                  defaultValue={status}
                  className="field-input min-w-36"
                >
                  <option value="">All accounts</option>
                  {ACCOUNT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {ACCOUNT_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-secondary">
                Search
              </button>
            </Form>
          </search>
          <UserTable
            rows={view.users.rows}
            empty={empty}
            approving={(u) => approving.has(u.id)}
            actions={(u) => (
              <div className="flex flex-wrap gap-2">
                <ApproveButton user={u} busy={approving.has(u.id)} onSubmitted={onApprove} />
                {u.status === "pending" ? <DeclineLink user={u} onDecline={onDecline} /> : null}
              </div>
            )}
          />
          <Pagination page={view.users.page} hasNext={view.users.hasNext} label="Account pages" />
        </>
      );
    }
    case "payments":
      return (
        <div id="payments-panel" tabIndex={-1} className="focus:outline-none">
          <PaymentTable rows={view.payments.rows} onPay={onPay} />
          <Pagination page={view.payments.page} hasNext={view.payments.hasNext} label="Payment pages" />
        </div>
      );
    case "waitlist":
      return (
        <>
          <div className="mb-4 flex justify-end">
            {/* A file, not a page: the browser downloads it. */}
            <Link to={`${PATH}/waitlist.csv`} reloadDocument download className="btn-secondary">
              Download CSV
            </Link>
          </div>
          <WaitlistTable rows={view.waitlist.rows} />
          <Pagination page={view.waitlist.page} hasNext={view.waitlist.hasNext} label="Waitlist pages" />
        </>
      );
  }
}
