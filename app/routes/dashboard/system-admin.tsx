import { data, useSearchParams } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { Pagination } from "~/components/ui/pagination";
import { ResultNotice } from "~/components/ui/result-notice";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { db } from "~/db/database.server";
import { approveAccount } from "~/features/accounts/approval.server";
import { UserTable } from "~/features/accounts/components/user-table";
import { readFields } from "~/features/accounts/form-errors";
import { listUsers } from "~/features/accounts/user-admin.server";
import { PaymentTable, RecordPaymentDialog } from "~/features/payments/components/payment-table";
import { listPayments, recordPayment } from "~/features/payments/payments.server";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { RECORD_PAYMENT_FIELDS, type RecordPaymentField } from "~/features/referrals/referral-schema";
import type { RouteHandle } from "~/root";

type PaymentFieldErrors = Partial<Record<RecordPaymentField, string>>;

import { formatCedis, isReferralStatus, REFERRAL_STATUSES, STATUS_LABELS } from "~/features/referrals/referral-status";
import { listAllReferrals, pageFrom, platformStats } from "~/features/referrals/referrals.server";
import { WaitlistTable } from "~/features/waitlist/components/waitlist-table";
import { listWaitlist } from "~/features/waitlist/waitlist-admin.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/system-admin";

/** No React in the browser: the forms' checks and answers in place, the dialogs are a page script (enhance/pages/dashboard.ts). */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "System Administrator",
    description: "Accounts, referrals, payouts and the hub waitlist.",
    noindex: true,
  });

const TABS = [
  { id: "referrals", label: "All Referrals" },
  { id: "users", label: "User Management" },
  { id: "payments", label: "Payment Management" },
  { id: "waitlist", label: "Hub Waitlist" },
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
        return { stats, tab, users: await listUsers(database, actor, page, params.get("q") ?? "") };
      case "payments":
        return { stats, tab, payments: await listPayments(database, actor, page) };
      case "waitlist":
        return { stats, tab, waitlist: await listWaitlist(database, actor, page) };
    }
  });
}

const error = (description: string) => ({ title: "Error", description, variant: "destructive" as const });

/** The spec's two server operations: approve-doctor {userId} and record-payment {paymentId, payment_method, payment_reference}. */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const actor = await getActor(database, request);
  const intent = form.get("intent");
  try {
    if (intent === "approve") {
      await approveAccount(database, actor, String(form.get("userId") ?? ""));
      return {
        intent,
        ok: true,
        toast: { title: "Doctor Approved", description: "The account has been approved.", variant: "success" as const },
      };
    }
    if (intent === "record-payment") {
      const result = await recordPayment(database, actor, readFields(form, RECORD_PAYMENT_FIELDS));
      if (!result.ok) {
        return data(
          {
            intent,
            ok: false,
            fieldErrors: result.fieldErrors,
            toast: error(`Failed to record payment. ${result.message}`),
          },
          { status: 400 },
        );
      }
      return {
        intent,
        ok: true,
        toast: {
          title: "Payment Recorded",
          description: "Payment has been marked as paid successfully.",
          variant: "success" as const,
        },
      };
    }
    return data({ intent: null, ok: false, toast: error("Unknown action") }, { status: 400 });
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    const message = intent === "approve" ? "Failed to approve doctor" : `Failed to record payment. ${refusal.message}`;
    return data({ intent, ok: false, toast: error(message) }, { status: refusal.status });
  }
}

export default function SystemAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: view } = loaderData;
  const [params] = useSearchParams();
  // ?pay=<id> opens Mark as Paid for a pending payment on this page (a recorded one no longer is).
  const paying =
    view?.tab === "payments"
      ? (view.payments.rows.find((p) => p.id === params.get("pay") && p.status === "pending") ?? null)
      : null;
  if (gate.kind !== "allowed" || !view) return <GateScreen gate={gate}>{null}</GateScreen>;
  const status = params.get("status") ?? "";
  return (
    <DashboardShell title="System Administrator" actor={gate.actor}>
      <ResultNotice result={actionData} />
      <StatGrid label="Platform figures">
        <StatCard label="Total Referrals" value={view.stats.totalReferrals} />
        <StatCard label="Active Doctors" value={view.stats.activeDoctors} hint="Approved doctors" />
        <StatCard label="Pending Approvals" value={view.stats.pendingApprovals} hint="Accounts waiting for approval" />
        <StatCard
          label="Platform Revenue"
          value={formatCedis(view.stats.platformRevenue)}
          hint="Platform share of completed referrals"
        />
      </StatGrid>

      <nav aria-label="Sections" className="mt-10 overflow-x-auto border-b border-slate-200">
        <ul className="flex min-w-max gap-1">
          {TABS.map((t) => (
            <li key={t.id}>
              <a
                href={t.id === "referrals" ? "?" : `?tab=${t.id}`}
                aria-current={view.tab === t.id ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-4 py-3 text-sm font-semibold ${
                  view.tab === t.id ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"
                }`}
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-label={TABS.find((t) => t.id === view.tab)?.label} className="mt-6">
        {view.tab === "referrals" ? (
          <>
            <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="status-filter" className="field-label">
                  Status
                </label>
                <select id="status-filter" name="status" defaultValue={status} className="field-input min-w-40">
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
            </form>
            <ReferralTable
              caption="All referrals, newest first"
              rows={view.referrals.rows}
              columns={["number", "patient", "doctor", "facility", "urgency", "status", "created", "amount"]}
              empty={status ? "No referrals with this status." : "No referrals yet."}
            />
            <Pagination page={view.referrals.page} pageCount={view.referrals.pageCount} label="Referral pages" />
          </>
        ) : view.tab === "users" ? (
          <>
            <search>
              <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
                <input type="hidden" name="tab" value="users" />
                <div className="grow sm:max-w-sm">
                  <label htmlFor="user-search" className="field-label">
                    Search by name or email
                  </label>
                  <input
                    id="user-search"
                    name="q"
                    type="search"
                    defaultValue={params.get("q") ?? ""}
                    className="field-input"
                  />
                </div>
                <button type="submit" className="btn-secondary">
                  Search
                </button>
              </form>
            </search>
            <UserTable rows={view.users.rows} />
            <Pagination page={view.users.page} hasNext={view.users.hasNext} label="Account pages" />
          </>
        ) : view.tab === "payments" ? (
          <>
            <PaymentTable rows={view.payments.rows} />
            <Pagination page={view.payments.page} hasNext={view.payments.hasNext} label="Payment pages" />
            {paying ? (
              <RecordPaymentDialog
                payment={paying}
                errors={
                  actionData && "fieldErrors" in actionData ? (actionData.fieldErrors as PaymentFieldErrors) : undefined
                }
              />
            ) : null}
          </>
        ) : (
          <>
            <div className="mb-4 flex justify-end">
              <a href="/dashboard/system-admin/waitlist.csv" download className="btn-secondary">
                Download CSV
              </a>
            </div>
            <WaitlistTable rows={view.waitlist.rows} />
            <Pagination page={view.waitlist.page} hasNext={view.waitlist.hasNext} label="Waitlist pages" />
          </>
        )}
      </section>
    </DashboardShell>
  );
}
