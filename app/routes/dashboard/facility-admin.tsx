import type { MouseEvent } from "react";
import {
  data,
  Form,
  Link,
  type ShouldRevalidateFunctionArgs,
  useFetchers,
  useLocation,
  useSearchParams,
} from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { parseSubmission } from "~/components/forms/schema-form";
import { useAddressDialog } from "~/components/ui/dialog-state";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import { Pagination, withParam } from "~/components/ui/pagination";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { TitledSection } from "~/components/ui/titled-section";
import { db } from "~/db/database.server";
import { readFields } from "~/features/accounts/form-errors";
import { FacilityInsightSection } from "~/features/insight/components/own-insight";
import { facilityInsight } from "~/features/insight/insight.server";
import { CompleteDialog } from "~/features/referrals/components/complete-dialog";
import { ReferralTable } from "~/features/referrals/components/referral-table";
import { RejectDialog, type TransitionAnswer } from "~/features/referrals/components/reject-dialog";
import { rejectionSchema } from "~/features/referrals/referral-schema";
import { isTransition, type Transition } from "~/features/referrals/referral-status";
import { facilityDashboard, pageFrom, transitionReferral } from "~/features/referrals/referrals.server";
import { outcomeSchema } from "~/features/referrals/workspace-schemas";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-admin";

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
  return loadGated(database, request, "facility-admin", async (actor) => ({
    ...(await facilityDashboard(database, actor, pages)),
    insight: await facilityInsight(database, actor),
    // Named by the server (the browser's clock and locale could say another month).
    month: new Date().toLocaleDateString("en-GH", { timeZone: "Africa/Accra", month: "long", year: "numeric" }),
  }));
}

/**
 * After a refusal the figures are read again when it was a conflict (another administrator acted
 * first: the row is no longer what the page shows); other refusals change nothing.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

const failed = (message: string) => ({
  title: "Error Updating Referral",
  description: message,
  variant: "destructive" as const,
});

/**
 * Accept, reject (with a reason) or complete (with an outcome): the domain function checks who
 * may, and when (a referral someone else has already moved on is a 409).
 */
export async function action({ request }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const { intent, referralId, reason, outcome } = readFields(form, ["intent", "referralId", "reason", "outcome"]);
  if (!isTransition(intent)) {
    return data<TransitionAnswer>(
      { ok: false, intent: null, referralId, toast: failed("Unknown action") },
      { status: 400 },
    );
  }
  // The Reject and Complete dialogs' forms, for their answers (the domain function checks the text itself).
  const submission =
    intent === "reject"
      ? parseSubmission(form, rejectionSchema)
      : intent === "complete"
        ? parseSubmission(form, outcomeSchema)
        : null;
  try {
    const { status } = await transitionReferral(database, await getActor(database, request), referralId, intent, {
      reason,
      outcome,
    });
    return data<TransitionAnswer>({
      ok: true,
      intent,
      referralId,
      toast: {
        title: `Referral ${status}`,
        description: `The referral has been ${status} successfully.`,
        variant: "success",
      },
      result: submission?.reply({ resetForm: true }),
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    // A refused reason or outcome (blank, too long) is shown under its field, in the dialog that stays open.
    const field = intent === "reject" ? "reason" : intent === "complete" ? "outcome" : null;
    const reasonRefused = field !== null && refusal.status === 400;
    return data<TransitionAnswer>(
      {
        ok: false,
        intent,
        referralId,
        toast: failed(refusal.message),
        reasonRefused,
        result: submission?.reply(
          reasonRefused && field ? { fieldErrors: { [field]: [refusal.message] } } : { formErrors: [refusal.message] },
        ),
      },
      { status: refusal.status },
    );
  }
}

/** The transitions on their way (rolled back as soon as one is refused), by referral. */
function useTransitionsInFlight(): Map<string, Transition> {
  const inFlight = new Map<string, Transition>();
  const fetchers = useFetchers();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith("referral:") || !fetcher.formData) continue;
    if ((fetcher.data as TransitionAnswer | undefined)?.ok === false) continue;
    const intent = fetcher.formData.get("intent");
    const referralId = fetcher.formData.get("referralId");
    if (isTransition(intent) && typeof referralId === "string") inFlight.set(referralId, intent);
  }
  return inFlight;
}

/** A plain left click (not one that opens a new tab or window). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Accept: a form of its own (a plain post without JavaScript); with React it posts with a fetcher,
 * the row shows the answer is awaited and the toast comes with the answer.
 */
function TransitionButton({
  referralId,
  intent,
  label,
  busyLabel,
  className,
  busy,
  onSubmitted,
}: {
  referralId: string;
  intent: "accept";
  label: string;
  busyLabel: string;
  className: string;
  busy: boolean;
  onSubmitted: (fetcherKey: string) => void;
}) {
  const fetcherKey = `referral:${intent}:${referralId}`;
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={fetcherKey}
      onSubmit={(event) => {
        // Pressed again while the first is on its way: once is enough.
        if (busy) event.preventDefault();
        else onSubmitted(fetcherKey);
      }}
    >
      <input type="hidden" name="referralId" value={referralId} />
      <SubmitButton name="intent" value={intent} busy={busy} busyLabel={busyLabel} className={className}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export default function FacilityAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, data: dashboard } = loaderData;
  const [params] = useSearchParams();
  const { search } = useLocation();
  const inFlight = useTransitionsInFlight();
  const { watch, watchers } = useFetcherToasts();

  // The Reject dialog: opened by the address (?reject=<id>, a plain link without JavaScript) or,
  // with React, by its link without leaving the page.
  const fromAddress = dashboard?.pending.rows.find((r) => r.id === params.get("reject")) ?? null;
  const reject = useAddressDialog<{ id: string; referralNumber: string }>("reject", fromAddress);
  // The Complete dialog (the outcome note), the same way: ?complete=<id>.
  const toComplete = dashboard?.accepted.rows.find((r) => r.id === params.get("complete")) ?? null;
  const complete = useAddressDialog<{ id: string; referralNumber: string }>("complete", toComplete);

  if (gate.kind !== "allowed" || !dashboard) return <GateScreen gate={gate}>{null}</GateScreen>;

  // The figures as they will be once the answers on their way arrive.
  const pendingIds = new Set(dashboard.pending.rows.map((r) => r.id));
  const acceptedIds = new Set(dashboard.accepted.rows.map((r) => r.id));
  let leavingPending = 0;
  let accepting = 0;
  let completing = 0;
  for (const [id, intent] of inFlight) {
    if (pendingIds.has(id) && intent !== "complete") leavingPending += 1;
    if (pendingIds.has(id) && intent === "accept") accepting += 1;
    if (acceptedIds.has(id) && intent === "complete") completing += 1;
  }

  return (
    <DashboardShell title="Facility Administrator Dashboard" actor={gate.actor}>
      <p className="-mt-4 mb-6 text-muted">
        Referrals to <span className="font-semibold text-ink">{dashboard.facility.name}</span>
      </p>
      <FormNotice answer={actionData} />
      <StatGrid label="Referral counts" columns={3}>
        <StatCard label="Pending" value={dashboard.counts.pending - leavingPending} hint="Waiting for your decision" />
        <StatCard
          label="Accepted this month"
          value={dashboard.counts.acceptedThisMonth + accepting}
          hint={`Accepted in ${dashboard.month}`}
        />
        <StatCard
          label="Completed this month"
          value={dashboard.counts.completedThisMonth + completing}
          hint={`Completed in ${dashboard.month}`}
        />
      </StatGrid>

      <TitledSection id="pending" title="Pending Referrals">
        <ReferralTable
          caption="Pending referrals, most urgent first"
          rows={dashboard.pending.rows}
          columns={["number", "patient", "doctor", "complaint", "urgency", "created"]}
          empty="No referrals are waiting for a decision."
          busy={(r) => inFlight.has(r.id)}
          actions={(r) => {
            const doing = inFlight.get(r.id);
            return (
              <div className="flex flex-wrap gap-2">
                <TransitionButton
                  referralId={r.id}
                  intent="accept"
                  label="Accept"
                  busyLabel="Accepting..."
                  className="btn-primary min-h-9 px-3 py-1.5"
                  busy={doing === "accept"}
                  onSubmitted={watch}
                />
                <Link
                  to={withParam(search, "reject", r.id)}
                  preventScrollReset
                  className="btn min-h-9 border border-red-700 px-3 py-1.5 text-red-800 hover:bg-red-50"
                  aria-label={doing === "reject" ? `Rejecting ${r.referralNumber}...` : `Reject ${r.referralNumber}`}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    if (doing) return;
                    reject.show({ id: r.id, referralNumber: r.referralNumber }, event.currentTarget);
                  }}
                >
                  {doing === "reject" ? "Rejecting..." : "Reject"}
                </Link>
              </div>
            );
          }}
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
          busy={(r) => inFlight.has(r.id)}
          actions={(r) => {
            const completing = inFlight.get(r.id) === "complete";
            return (
              <Link
                to={withParam(search, "complete", r.id)}
                preventScrollReset
                className="btn-secondary min-h-9 px-3 py-1.5 whitespace-nowrap"
                aria-label={completing ? `Completing ${r.referralNumber}...` : `Mark as Completed ${r.referralNumber}`}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  if (completing) return;
                  complete.show({ id: r.id, referralNumber: r.referralNumber }, event.currentTarget);
                }}
              >
                {completing ? "Completing..." : "Mark as Completed"}
              </Link>
            );
          }}
        />
        <Pagination
          page={dashboard.accepted.page}
          pageCount={dashboard.accepted.pageCount}
          param="accepted"
          label="Accepted referral pages"
        />
      </TitledSection>
      <FacilityInsightSection insight={dashboard.insight} />
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/referrals/history" className="btn-secondary">
          History
        </Link>
        {/* A file, not a page: the browser downloads it. */}
        <Link to="/exports/referrals.csv" reloadDocument download className="btn-ghost">
          Download your facility's referrals (CSV)
        </Link>
      </p>
      <RejectDialog
        referral={reject.subject}
        open={reject.open}
        onOpenChange={reject.onOpenChange}
        answer={actionData}
        returnFocusTo={reject.opener}
      />
      <CompleteDialog
        referral={complete.subject}
        open={complete.open}
        onOpenChange={complete.onOpenChange}
        answer={actionData}
        returnFocusTo={complete.opener}
      />
      {watchers}
    </DashboardShell>
  );
}
