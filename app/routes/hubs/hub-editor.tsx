import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { ErrorSummary, FormNotice, SubmitButton } from "~/components/forms/form-parts";
import {
  type FormAnswer,
  fieldErrorsOf,
  parseSubmission,
  useIsSubmitting,
  useSchemaForm,
} from "~/components/forms/schema-form";
import { NotFound } from "~/components/layout/not-found";
import { InputField, SelectField, TextAreaField } from "~/components/ui/field";
import { db } from "~/db/database.server";
import { readFields } from "~/features/accounts/form-errors";
import {
  hubForEditing,
  launchHub,
  type NotificationProgress,
  resumeHubNotification,
  sendHubUpdate,
  updateHub,
} from "~/features/hubs/hub-admin.server";
import { HUB_FIELDS, hubLaunchSchema, hubSchema, hubUpdateSchema } from "~/features/hubs/hub-schema";
import { formatAccraDateTime } from "~/features/referrals/referral-status";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/hub-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Edit Hub", description: "A specialty hub and its waitlist.", noindex: true });

export async function loader({ request, params }: Route.LoaderArgs) {
  const database = await db();
  return loadGated(database, request, "system-admin", (actor) => hubForEditing(database, actor, params.hubId));
}

const INTENTS = ["save", "launch", "update", "resume"] as const;
type Intent = (typeof INTENTS)[number];
type Answer = FormAnswer<{ intent: Intent }>;
const SCHEMAS = { save: hubSchema, launch: hubLaunchSchema, update: hubUpdateSchema, resume: hubLaunchSchema };
const failed = (description: string) => ({ title: "Error", description, variant: "destructive" as const });

/**
 * Save (a coming-soon hub made live is launched: its waitlist is emailed), launch (live at an
 * address, nothing else changed), send an update to the waitlist, or resume a stopped sending.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const database = await db();
  const form = await request.formData().catch(() => new FormData());
  const actor = await getActor(database, request);
  const path = `/dashboard/system-admin/hubs/${params.hubId}`;
  const posted = form.get("intent");
  const intent = INTENTS.find((i) => i === posted);
  if (!intent) {
    return data<Answer>(
      {
        intent: "save",
        result: { status: "error", error: { "": ["Unknown action"] } },
        toast: failed("Unknown action"),
      },
      { status: 400 },
    );
  }
  const submission = parseSubmission(form, SCHEMAS[intent]);
  try {
    if (intent === "resume") {
      await resumeHubNotification(database, actor, params.hubId, form.get("notification"));
      throw await redirectWithToast(path, {
        title: "Sending Resumed",
        description: "The entries still Pending get the message; the progress is below.",
        variant: "success",
      });
    }
    if (intent === "update") {
      const result = await sendHubUpdate(database, actor, params.hubId, readFields(form, ["subject", "message"]));
      if (!result.ok) {
        return data<Answer>(
          {
            intent,
            result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
            toast: failed(Object.values(result.fieldErrors)[0]!),
          },
          { status: 400 },
        );
      }
      throw await redirectWithToast(path, {
        title: "Update Sending",
        description: "Every Pending entry of the waitlist gets it once; the progress is below.",
        variant: "success",
      });
    }
    const result =
      intent === "launch"
        ? await launchHub(database, actor, params.hubId, readFields(form, ["external_url"]))
        : await updateHub(database, actor, params.hubId, readFields(form, HUB_FIELDS));
    if (!result.ok) {
      return data<Answer>(
        {
          intent,
          result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
          toast: failed(Object.values(result.fieldErrors)[0]!),
        },
        { status: 400 },
      );
    }
    throw await redirectWithToast(path, {
      title: result.launched ? "Hub Launched" : "Hub Saved",
      description: result.launched
        ? "The hub is live and its waitlist is being emailed; the progress is below."
        : result.changed.length
          ? `Changed: ${result.changed.join(", ")}.`
          : "Nothing had changed.",
      variant: "success",
    });
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    return data<Answer>(
      { intent, result: submission.reply({ formErrors: [refusal.message] }), toast: failed(refusal.message) },
      { status: refusal.status },
    );
  }
}

export default function HubEditor({ loaderData, actionData, params }: Route.ComponentProps) {
  const { gate, data: page } = loaderData;
  const path = `/dashboard/system-admin/hubs/${params.hubId}`;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" && page ? (
        <DashboardShell title={page.hub.title} actor={gate.actor}>
          <p className="mb-6 text-muted">
            Waitlist: {page.pending} Pending, {page.notified} Notified ·{" "}
            <Link to="/dashboard/system-admin/hubs" className="text-brand-700 underline">
              All hubs
            </Link>
          </p>
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
            <HubForm path={path} hub={page.hub} answer={actionData?.intent === "save" ? actionData : undefined} />
            <aside className="min-w-0 space-y-8">
              {page.hub.status === "coming-soon" ? (
                <LaunchForm
                  path={path}
                  pending={page.pending}
                  answer={actionData?.intent === "launch" ? actionData : undefined}
                />
              ) : null}
              <Progress path={path} notifications={page.notifications} />
              <UpdateForm path={path} answer={actionData?.intent === "update" ? actionData : undefined} />
            </aside>
          </div>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}

function HubForm({
  path,
  hub,
  answer,
}: {
  path: string;
  hub: NonNullable<Route.ComponentProps["loaderData"]["data"]>["hub"];
  answer: Answer | undefined;
}) {
  const [form, fields] = useSchemaForm(hubSchema, {
    id: "hub",
    lastResult: answer?.result,
    defaultValue: {
      title: hub.title,
      description: hub.description,
      status: hub.status,
      launch_date: hub.launchDate ?? "",
      external_url: hub.externalUrl ?? "",
      capacity: String(hub.foundingMemberCapacity),
      problem: hub.salesPitch.problem,
      agitation: hub.salesPitch.agitation,
      solution: hub.salesPitch.solution,
      benefits: hub.salesPitch.benefits.join("\n"),
      target_audience: hub.targetAudience.join("\n"),
      perks: hub.foundingMemberPerks.join("\n"),
    },
  });
  const busy = useIsSubmitting({ formAction: path, intent: "save" });
  return (
    <div className="min-w-0">
      <FormNotice answer={answer} />
      <ErrorSummary form={form} labels={HUB_FIELDS} />
      <Form method="post" action={path} {...getFormProps(form)} className="card space-y-5 sm:p-6">
        <input type="hidden" name="intent" value="save" />
        <InputField field={fields.title} label="Title" required />
        <TextAreaField field={fields.description} label="Description" required rows={3} />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.status}
            label="Status"
            required
            options={[
              { value: "coming-soon", label: "Coming soon" },
              { value: "live", label: "Live" },
            ]}
            hint={hub.status === "coming-soon" ? "Saving as Live launches the hub and emails its waitlist." : undefined}
          />
          <InputField
            field={fields.launch_date}
            label="Planned launch"
            hint="Coming soon: a quarter like 2026-Q1 or a month like 2026-03."
          />
          <InputField field={fields.external_url} label="Hub address" hint="Live: https://…" />
          <InputField
            field={fields.capacity}
            label="Founding-member capacity"
            inputMode="numeric"
            hint="0 hides the progress bar."
          />
        </div>
        <TextAreaField field={fields.problem} label="The problem" required rows={3} />
        <TextAreaField field={fields.agitation} label="Why it matters" required rows={3} />
        <TextAreaField field={fields.solution} label="The solution" required rows={3} />
        <TextAreaField
          field={fields.benefits}
          label="Benefits for professionals"
          required
          rows={4}
          hint="One per line."
        />
        <TextAreaField field={fields.target_audience} label="Who it is for" required rows={4} hint="One per line." />
        <TextAreaField field={fields.perks} label="Founding-member perks" required rows={4} hint="One per line." />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save hub
        </SubmitButton>
      </Form>
    </div>
  );
}

/** "Launch hub": live at its address; the waitlist's Pending entries are emailed. */
function LaunchForm({ path, pending, answer }: { path: string; pending: number; answer: Answer | undefined }) {
  const [form, fields] = useSchemaForm(hubLaunchSchema, { id: "hub-launch", lastResult: answer?.result });
  const busy = useIsSubmitting({ formAction: path, intent: "launch" });
  return (
    <section aria-labelledby="launch-title" className="card">
      <h2 id="launch-title" className="text-lg font-bold">
        Launch this hub
      </h2>
      <p className="mt-1 text-sm text-muted">
        The hub goes live at its address, and each of the {pending} Pending {pending === 1 ? "entry" : "entries"} of its
        waitlist is emailed once.
      </p>
      <FormNotice answer={answer} />
      <Form method="post" action={path} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="launch" />
        <InputField field={fields.external_url} label="Live address" hint="https://…" />
        <SubmitButton busy={busy} busyLabel="Launching...">
          Launch hub
        </SubmitButton>
      </Form>
    </section>
  );
}

/** The waitlist notifications, with their progress; refreshed every 2 seconds while one is running. */
function Progress({ path, notifications }: { path: string; notifications: readonly NotificationProgress[] }) {
  const revalidator = useRevalidator();
  const running = notifications.some((n) => n.running);
  const resuming = useIsSubmitting({ formAction: path, intent: "resume" });
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <section aria-labelledby="notifications-title" className="card">
      <h2 id="notifications-title" className="text-lg font-bold">
        Waitlist emails
      </h2>
      {notifications.length === 0 ? (
        <p className="mt-2 text-sm text-muted">None sent yet.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notifications.map((n) => (
            <li key={n.id} className="text-sm">
              <p className="font-semibold">{n.kind === "launch" ? "Launch" : n.subject}</p>
              <p className="text-xs text-muted">{formatAccraDateTime(n.createdAt)}</p>
              <progress value={n.sent} max={Math.max(n.total, 1)} className="mt-1 w-full" aria-label="Sent" />
              <p role="status">
                {n.finished
                  ? `Sent to ${n.sent} of ${n.total}. Done.`
                  : n.running
                    ? `Sending: ${n.sent} of ${n.total}...`
                    : `Stopped at ${n.sent} of ${n.total}.`}
              </p>
              {!n.finished && !n.running ? (
                // Stopped (the mail server failed, or another server is sending it): carry on with those still Pending.
                <Form method="post" action={path} className="mt-2">
                  <input type="hidden" name="intent" value="resume" />
                  <input type="hidden" name="notification" value={n.id} />
                  <SubmitButton busy={resuming} busyLabel="Resuming..." className="btn-secondary">
                    Resume sending
                  </SubmitButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UpdateForm({ path, answer }: { path: string; answer: Answer | undefined }) {
  const [form, fields] = useSchemaForm(hubUpdateSchema, { id: "hub-update", lastResult: answer?.result });
  const busy = useIsSubmitting({ formAction: path, intent: "update" });
  return (
    <section aria-labelledby="update-title" className="card">
      <h2 id="update-title" className="text-lg font-bold">
        Send an update to the waitlist
      </h2>
      <p className="mt-1 text-sm text-muted">Every entry still Pending gets it once, and becomes Notified.</p>
      <FormNotice answer={answer} />
      <Form method="post" action={path} {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="update" />
        <InputField field={fields.subject} label="Subject" required />
        <TextAreaField field={fields.message} label="Message" required rows={5} />
        <SubmitButton busy={busy} busyLabel="Sending..." className="btn-secondary">
          Send update
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  throw error;
}
