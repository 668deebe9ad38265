import { data, useLocation, useSearchParams } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { Dialog, DialogActions } from "~/components/ui/dialog";
import { TextAreaField } from "~/components/ui/field";
import { Pagination, withParam } from "~/components/ui/pagination";
import { ResultNotice } from "~/components/ui/result-notice";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import { db } from "~/db/database.server";
import { readFields } from "~/features/accounts/form-errors";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { isTransition } from "~/features/referrals/referral-status";
import { facilityDashboard, pageFrom, transitionReferral } from "~/features/referrals/referrals.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/facility-admin";

/** No React in the browser: the forms' checks and answers in place, the dialogs are a page script (enhance/pages/dashboard.ts). */
export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Facility Administrator Dashboard",
    description: "Referrals sent to your facility.",
    noindex: true,
  });

/** Gated (spec section 6); only the administrator's own facility's referrals. */
export async function loader({ request }: Route.LoaderArgs) {
  const database = await db();
  const params = new URL(request.url).searchParams;
  const pages = { pending: pageFrom(params.get("pending")), accepted: pageFrom(params.get("accepted")) };
  return loadGated(database, request, "facility-admin", (actor) => facilityDashboard(database, actor, pages));
}

const failed = (message: string) => ({
  title: "Error Updating Referral",
  description: message,
  variant: "destructive" as const,
});

/** Accept, reject (with a reason) or complete: the domain function checks who may, and when. */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const { intent, referralId, reason } = readFields(await request.formData().catch(() => new FormData()), [
    "intent",
    "referralId",
    "reason",
  ]);
  if (!isTransition(intent)) {
    return data({ ok: false as const, toast: failed("Unknown action"), reasonError: undefined }, { status: 400 });
  }
  try {
    const { status } = await transitionReferral(database, await getActor(database, request), referralId, intent, {
      reason,
    });
    return {
      ok: true as const,
      toast: {
        title: `Referral ${status}`,
        description: `The referral has been ${status} successfully.`,
        variant: "success" as const,
      },
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    // A refused reason (blank, too long) is shown under the reason field too, in the dialog that stays open.
    const reasonError = intent === "reject" && refusal.status === 400 ? refusal.message : undefined;
    return data({ ok: false as const, toast: failed(refusal.message), reasonError }, { status: refusal.status });
  }
}

function TransitionButton({
  referralId,
  intent,
  label,
  busyLabel,
  className,
}: {
  referralId: string;
  intent: "accept" | "complete";
  label: string;
  busyLabel: string;
  className: string;
}) {
  return (
    <form method="post">
      <input type="hidden" name="referralId" value={referralId} />
      <button type="submit" name="intent" value={intent} className={className} data-busy-label={busyLabel}>
        {label}
      </button>
    </form>
  );
}

/**
 * ?reject=<id> opens it for a pending referral on this page. The reason is required and must not
 * be blank after trimming (spec section 5): the page script checks before sending, the server again.
 */
function RejectDialog({
  referral,
  reasonError,
}: {
  referral: { id: string; referralNumber: string };
  reasonError: string | undefined;
}) {
  return (
    <Dialog
      param="reject"
      title="Reject Referral"
      description={`Please give the reason for rejecting referral ${referral.referralNumber}. The referring doctor will see it.`}
    >
      <form method="post" id="reject-form">
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="referralId" value={referral.id} />
        <TextAreaField
          form="reject"
          name="reason"
          label="Reason for rejection"
          required
          maxLength={1000}
          error={reasonError}
        />
        <DialogActions>
          <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" data-busy-label="Rejecting...">
            Reject Referral
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export default function FacilityAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: dashboard } = loaderData;
  const [params] = useSearchParams();
  const { search } = useLocation();
  // A rejected referral is no longer pending: after a rejection the dialog is gone.
  const rejecting = dashboard?.pending.rows.find((r) => r.id === params.get("reject")) ?? null;

  if (gate.kind !== "allowed" || !dashboard) return <GateScreen gate={gate}>{null}</GateScreen>;
  const month = new Date().toLocaleDateString("en-GH", { timeZone: "Africa/Accra", month: "long", year: "numeric" });
  return (
    <DashboardShell title="Facility Administrator Dashboard" actor={gate.actor}>
      <p className="-mt-4 mb-6 text-muted">
        Referrals to <span className="font-semibold text-ink">{dashboard.facility.name}</span>
      </p>
      <ResultNotice result={actionData} />
      <StatGrid label="Referral counts" columns={3}>
        <StatCard label="Pending" value={dashboard.counts.pending} hint="Waiting for your decision" />
        <StatCard
          label="Accepted this month"
          value={dashboard.counts.acceptedThisMonth}
          hint={`Accepted in ${month}`}
        />
        <StatCard
          label="Completed this month"
          value={dashboard.counts.completedThisMonth}
          hint={`Completed in ${month}`}
        />
      </StatGrid>

      <TitledSection id="pending" title="Pending Referrals">
        <ReferralTable
          caption="Pending referrals, newest first"
          rows={dashboard.pending.rows}
          columns={["number", "patient", "doctor", "complaint", "urgency", "created"]}
          empty="No referrals are waiting for a decision."
          actions={(r) => (
            <div className="flex flex-wrap gap-2">
              <TransitionButton
                referralId={r.id}
                intent="accept"
                label="Accept"
                busyLabel="Accepting..."
                className="btn-primary min-h-9 px-3 py-1.5"
              />
              <a
                href={withParam(search, "reject", r.id)}
                className="btn min-h-9 border border-red-700 px-3 py-1.5 text-red-800 hover:bg-red-50"
                aria-label={`Reject ${r.referralNumber}`}
              >
                Reject
              </a>
            </div>
          )}
        />
        <Pagination
          page={dashboard.pending.page}
          pageCount={dashboard.pending.pageCount}
          param="pending"
          label="Pending referral pages"
        />
      </TitledSection>

      <TitledSection id="accepted" title="Accepted Referrals">
        <ReferralTable
          caption="Accepted referrals, newest first"
          rows={dashboard.accepted.rows}
          columns={["number", "patient", "doctor", "complaint", "urgency", "created"]}
          empty="No accepted referrals are waiting to be completed."
          actions={(r) => (
            <TransitionButton
              referralId={r.id}
              intent="complete"
              label="Mark as Completed"
              busyLabel="Completing..."
              className="btn-secondary min-h-9 px-3 py-1.5 whitespace-nowrap"
            />
          )}
        />
        <Pagination
          page={dashboard.accepted.page}
          pageCount={dashboard.accepted.pageCount}
          param="accepted"
          label="Accepted referral pages"
        />
      </TitledSection>
      {rejecting ? (
        <RejectDialog
          referral={rejecting}
          reasonError={actionData?.ok === false ? actionData.reasonError : undefined}
        />
      ) : null}
    </DashboardShell>
  );
}
