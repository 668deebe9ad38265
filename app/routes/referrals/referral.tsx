import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import QRCode from "qrcode";
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useFetcher, useFetchers, useSearchParams } from "react-router";
import type { Gate } from "~/auth/actor";
import { getActor, sessionEnded } from "~/auth/actor.server";
import { GateScreen } from "~/auth/components/gate-screens";
import { sessionEndedToast } from "~/auth/gate-loader.server";
import { dashboardPath, ROLE_LABELS, type Role } from "~/auth/roles";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { parseSubmission, useSchemaForm } from "~/components/forms/schema-form";
import { NotFound } from "~/components/layout/not-found";
import { useAddressDialog } from "~/components/ui/dialog-state";
import { useFetcherToasts } from "~/components/ui/fetcher-toasts";
import { TextAreaField } from "~/components/ui/field";
import { type ToastMessage, useToastOf } from "~/components/ui/toaster";
import { db } from "~/db/database.server";
import { env } from "~/env.server";
import { readFields } from "~/features/accounts/form-errors";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MESSAGES,
  ATTACHMENT_TYPE_LABELS,
  formatFileSize,
  MAX_ATTACHMENT_BYTES,
} from "~/features/referrals/attachment-rules";
import { CancelDialog } from "~/features/referrals/components/cancel-dialog";
import { CompleteDialog } from "~/features/referrals/components/complete-dialog";
import { RejectDialog, type TransitionAnswer } from "~/features/referrals/components/reject-dialog";
import { StatusBadge, UrgencyText } from "~/features/referrals/components/status-badge";
import { referralLink } from "~/features/referrals/referral-mail";
import { rejectionSchema } from "~/features/referrals/referral-schema";
import { formatAccraDate, formatAccraDateTime, formatCedis, isTransition } from "~/features/referrals/referral-status";
import { transitionReferral } from "~/features/referrals/referrals.server";
import {
  addAttachment,
  postMessage,
  type ReferralWorkspace,
  referralForViewer,
  referralIdByNumber,
  type TimelineEntry,
} from "~/features/referrals/workspace.server";
import { cancelSchema, messageSchema, outcomeSchema } from "~/features/referrals/workspace-schemas";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/referral";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `Referral ${args.params.referralNumber}`,
    description: "A referral's details, timeline, messages and files.",
    noindex: true,
  });

/**
 * A referral's own page (issue 19). Anonymous visitors get the sign-in screen (401); anyone signed
 * in who may not see the referral, like a number that does not exist, gets the 404 screen. The QR
 * code of the page's address is drawn here on the server, as SVG (no QR script in the browser).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const database = await db();
  const actor = await getActor(database, request);
  if (actor.kind === "anonymous") {
    if (await sessionEnded(database, request)) throw await redirectWithToast("/auth", sessionEndedToast());
    return data({ gate: { kind: "anonymous" } as Gate, page: null }, { status: 401 });
  }
  const referral = await referralForViewer(database, actor, params.referralNumber);
  const address = referralLink(env().APP_URL, referral.referralNumber);
  const qrSvg = await QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return data({ gate: { kind: "allowed", actor } as Gate, page: { referral, qrSvg, address } });
}

/** 404 (missing, or not this viewer's): the site's not-found screen, the same for both. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : "We could not load this referral. Please try again in a moment.";
  return (
    <main id="main" className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Error Loading Referral</h1>
      <p role="alert" className="mt-3 text-muted">
        {message}
      </p>
    </main>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The action: accept, reject, complete, cancel (the status table), message, attach
 * ---------------------------------------------------------------------------------------------- */

type Intent = "accept" | "reject" | "complete" | "cancel" | "message" | "attach";

/** What the action answers a fetcher (with React) or a refused plain post (shown in the page). */
export type WorkspaceAnswer = TransitionAnswer & { ok: boolean; kind: Intent | null };

const failed = (title: string, message: string): ToastMessage => ({
  title,
  description: message,
  variant: "destructive",
});

/**
 * The upload's form: one file of at most 10 MB, streamed through a multipart parser that stops at
 * the limit (the server's body limit for this path is the file and a little more: server/app.ts).
 */
async function readForm(request: Request): Promise<{ form: FormData; refused: string | null }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    return { form: await request.formData().catch(() => new FormData()), refused: null };
  }
  try {
    const form = await parseFormData(
      request,
      {
        maxFiles: 1,
        maxFileSize: MAX_ATTACHMENT_BYTES,
        maxParts: 8,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: MAX_ATTACHMENT_BYTES + 64 * 1024,
      },
      (upload) => (upload.fieldName === "file" ? upload : null),
    );
    return { form, refused: null };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { form: new FormData(), refused: ATTACHMENT_MESSAGES.tooLarge };
    }
    // A text part whose bytes are not UTF-8 (a file part without a file name is read as text).
    const notUtf8 =
      error instanceof TypeError && (error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA";
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || notUtf8) {
      return { form: new FormData(), refused: "The upload could not be read. Please choose the file again." };
    }
    throw error;
  }
}

const INTENT_TITLES: Record<Intent, string> = {
  accept: "Error Updating Referral",
  reject: "Error Updating Referral",
  complete: "Error Updating Referral",
  cancel: "Error Cancelling Referral",
  message: "Error Sending Message",
  attach: "Error Attaching File",
};

export async function action({ request, params }: Route.ActionArgs) {
  const database = await db();
  const page = `/referrals/${encodeURIComponent(params.referralNumber)}`;
  // A plain post from a page without JavaScript is a navigation: answer it with a redirect and a
  // flash (a reload does not post again). A fetcher (React) gets the answer as data.
  const navigation = request.headers.get("Sec-Fetch-Mode") === "navigate";
  const { form, refused } = await readForm(request);
  const fields = readFields(form, ["intent", "referralId", "reason", "outcome", "body"]);
  const intent: Intent | null = refused
    ? "attach"
    : isTransition(fields.intent) || fields.intent === "message" || fields.intent === "attach"
      ? (fields.intent as Intent)
      : null;
  // The referral the address names (a posted id is not trusted to match it).
  const referralId = (await referralIdByNumber(database, params.referralNumber)) ?? "";
  // Its id goes back only to a viewer who may see it: anyone else's answer is the same whether it exists or not.
  let mayKnow = false;
  const answer = (status: number, body: Omit<WorkspaceAnswer, "referralId" | "kind" | "intent">) =>
    data<WorkspaceAnswer>(
      {
        ...body,
        kind: intent,
        intent: intent && isTransition(intent) ? intent : null,
        referralId: mayKnow ? referralId : "",
      },
      { status },
    );
  if (!intent) return answer(400, { ok: false, toast: failed("Error Updating Referral", "Unknown action") });
  if (refused) return answer(413, { ok: false, toast: failed(INTENT_TITLES.attach, refused) });

  const schema =
    intent === "reject"
      ? rejectionSchema
      : intent === "complete"
        ? outcomeSchema
        : intent === "cancel"
          ? cancelSchema
          : intent === "message"
            ? messageSchema
            : null;
  const submission = schema ? parseSubmission(form, schema) : null;
  try {
    const actor = await getActor(database, request);
    mayKnow = actor.kind === "user" && actor.approved;
    let success: ToastMessage;
    if (intent === "message") {
      await postMessage(database, actor, referralId, { body: fields.body });
      success = { title: "Message Sent", description: "Your message has been posted.", variant: "success" };
    } else if (intent === "attach") {
      const file = form.get("file");
      const upload =
        file instanceof File && (file.size > 0 || file.name)
          ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
          : null;
      const stored = await addAttachment(database, actor, referralId, upload);
      success = { title: "File Attached", description: `${stored.fileName} has been attached.`, variant: "success" };
    } else {
      const { status } = await transitionReferral(database, actor, referralId, intent, {
        reason: fields.reason,
        outcome: fields.outcome,
      });
      success = {
        title: `Referral ${status}`,
        description: `The referral has been ${status} successfully.`,
        variant: "success",
      };
    }
    if (navigation) return redirectWithToast(page, success);
    return answer(200, { ok: true, toast: success, result: submission?.reply({ resetForm: true }) });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    if (refusal.status === 401 || refusal.status === 404) mayKnow = false;
    const field =
      intent === "reject" || intent === "cancel"
        ? "reason"
        : intent === "complete"
          ? "outcome"
          : intent === "message"
            ? "body"
            : null;
    const textRefused = field !== null && refusal.status === 400;
    return answer(refusal.status, {
      ok: false,
      toast: failed(INTENT_TITLES[intent], refusal.message),
      reasonRefused: textRefused,
      result: submission?.reply(
        textRefused && field ? { fieldErrors: { [field]: [refusal.message] } } : { formErrors: [refusal.message] },
      ),
    });
  }
}

/* ------------------------------------------------------------------------------------------------
 * The page
 * ---------------------------------------------------------------------------------------------- */

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export default function ReferralPage({ loaderData, actionData }: Route.ComponentProps) {
  const { gate, page } = loaderData;
  if (gate.kind !== "allowed" || !page) return <GateScreen gate={gate}>{null}</GateScreen>;
  return <Workspace referral={page.referral} qrSvg={page.qrSvg} address={page.address} answer={actionData} />;
}

function Workspace({
  referral,
  qrSvg,
  address,
  answer,
}: {
  referral: ReferralWorkspace;
  qrSvg: string;
  address: string;
  answer: WorkspaceAnswer | undefined;
}) {
  const [params] = useSearchParams();
  const { transitions, mayMessage, mayAttach } = referral.actions;
  const subject = { id: referral.id, referralNumber: referral.referralNumber };
  // The dialogs are addresses too (?reject=1, ?complete=1, ?cancel=1): plain links without JavaScript.
  const reject = useAddressDialog("reject", transitions.includes("reject") && params.has("reject") ? subject : null);
  const complete = useAddressDialog(
    "complete",
    transitions.includes("complete") && params.has("complete") ? subject : null,
  );
  const cancel = useAddressDialog("cancel", transitions.includes("cancel") && params.has("cancel") ? subject : null);
  const { watch, watchers } = useFetcherToasts();
  const busy = useFetchers().some((f) => f.key.startsWith("referral:") && f.state !== "idle");

  if (params.get("print") === "1") {
    return (
      <main id="main" className="container-page py-8">
        <div className="mb-6 flex flex-wrap gap-3 print:hidden">
          <Link to="?" className="btn-secondary">
            Back to the referral
          </Link>
          <PrintButton />
        </div>
        <PrintSlip referral={referral} qrSvg={qrSvg} address={address} alone />
      </main>
    );
  }

  const dialogLink = (param: "reject" | "complete" | "cancel", dialog: typeof reject, label: string, cls: string) => (
    <Link
      to={`?${param}=1`}
      preventScrollReset
      className={cls}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        if (busy) return;
        dialog.show(subject, event.currentTarget);
      }}
    >
      {label}
    </Link>
  );

  return (
    <main id="main" className="container-page py-10">
      <PrintSlip referral={referral} qrSvg={qrSvg} address={address} />
      <div className="print:hidden">
        <p className="text-sm font-semibold text-brand-700">
          <Link to={dashboardPath(referral.viewer.role)} className="underline underline-offset-2">
            Dashboard
          </Link>{" "}
          /{" "}
          <Link to="/referrals/history" className="underline underline-offset-2">
            History
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold sm:text-3xl">Referral {referral.referralNumber}</h1>
          <StatusBadge status={referral.status} />
        </div>
        <p className="mt-2 text-muted">
          <UrgencyText urgency={referral.urgencyLevel} /> · Created {formatAccraDateTime(referral.createdAt)}
        </p>
        <FormNotice answer={answer} />

        <section aria-labelledby="referral-actions-heading" className="card mt-6 p-5">
          <h2 id="referral-actions-heading" className="text-lg font-bold" tabIndex={-1}>
            Actions
          </h2>
          <div className="mt-3 flex flex-wrap gap-3">
            {transitions.includes("accept") ? <AcceptButton referralId={referral.id} onSubmitted={watch} /> : null}
            {transitions.includes("reject")
              ? dialogLink("reject", reject, "Reject", "btn border border-red-700 text-red-800 hover:bg-red-50")
              : null}
            {transitions.includes("complete")
              ? dialogLink("complete", complete, "Mark as Completed", "btn-primary")
              : null}
            {transitions.includes("cancel")
              ? dialogLink(
                  "cancel",
                  cancel,
                  "Cancel Referral",
                  "btn border border-red-700 text-red-800 hover:bg-red-50",
                )
              : null}
            <PrintButton />
          </div>
          {transitions.length === 0 && !mayMessage && !mayAttach ? (
            <p className="mt-3 text-sm text-muted">
              {referral.status === "cancelled"
                ? "This referral was cancelled: nothing more can be done on it."
                : "There is nothing for you to do on this referral now."}
            </p>
          ) : null}
        </section>

        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Details referral={referral} />
          <div className="space-y-6">
            <Outcome referral={referral} />
            <Attachments referral={referral} />
          </div>
        </div>

        <Timeline entries={referral.timeline} referralNumber={referral.referralNumber} />

        {mayMessage ? <MessageForm referralId={referral.id} answer={answer} /> : null}
        {mayAttach ? <AttachForm referralId={referral.id} answer={answer} /> : null}
      </div>
      <RejectDialog
        referral={reject.subject}
        open={reject.open}
        onOpenChange={reject.onOpenChange}
        answer={answer}
        returnFocusTo={reject.opener}
      />
      <CompleteDialog
        referral={complete.subject}
        open={complete.open}
        onOpenChange={complete.onOpenChange}
        answer={answer}
        returnFocusTo={complete.opener}
      />
      <CancelDialog
        referral={cancel.subject}
        open={cancel.open}
        onOpenChange={cancel.onOpenChange}
        answer={answer}
        returnFocusTo={cancel.opener}
      />
      {watchers}
    </main>
  );
}

/** Accept: a form of its own (a plain post without JavaScript, a fetcher with React). */
function AcceptButton({ referralId, onSubmitted }: { referralId: string; onSubmitted: (key: string) => void }) {
  const key = `referral:accept:${referralId}`;
  const fetcher = useFetcher({ key });
  const busy = fetcher.state !== "idle";
  return (
    <Form
      method="post"
      navigate={false}
      fetcherKey={key}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else onSubmitted(key);
      }}
    >
      <input type="hidden" name="referralId" value={referralId} />
      <SubmitButton name="intent" value="accept" busy={busy} busyLabel="Accepting..." className="btn-primary">
        Accept
      </SubmitButton>
    </Form>
  );
}

/** Prints the page (its print stylesheet leaves the slip alone); without JavaScript, the slip's own page. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="?print=1" className="btn-secondary">
        Print referral slip
      </Link>
    );
  }
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      Print referral slip
    </button>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1.5">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Details({ referral }: { referral: ReferralWorkspace }) {
  const { patient } = referral;
  return (
    <section aria-labelledby="details-heading" className="card p-5">
      <h2 id="details-heading" className="text-lg font-bold">
        Details
      </h2>
      <h3 className="mt-4 font-semibold">Patient</h3>
      <dl>
        <Row label="Name">{patient.fullName}</Row>
        <Row label="Phone">{patient.phone}</Row>
        <Row label="Email">{patient.email || "Not given"}</Row>
        <Row label="Date of birth">{patient.dateOfBirth ? formatAccraDate(patient.dateOfBirth) : "Not given"}</Row>
      </dl>
      <h3 className="mt-4 font-semibold">Referral</h3>
      <dl>
        <Row label="Doctor">
          {referral.doctor.fullName}
          {referral.doctor.specialty ? ` (${referral.doctor.specialty})` : ""}
        </Row>
        <Row label="Facility">
          {referral.facility.name}
          <span className="block text-sm text-muted">{referral.facility.address}</span>
        </Row>
        <Row label="Urgency">
          <UrgencyText urgency={referral.urgencyLevel} />
        </Row>
        <Row label="Chief complaint">
          <span className="whitespace-pre-line">{referral.chiefComplaint}</span>
        </Row>
        <Row label="Clinical notes">
          <span className="whitespace-pre-line">{referral.clinicalNotes || "None"}</span>
        </Row>
      </dl>
      <h3 className="mt-4 font-semibold">Fee</h3>
      <dl>
        <Row label="Referral fee">{formatCedis(referral.fee.total)}</Row>
        <Row label="Doctor's share">{formatCedis(referral.fee.doctorShare)}</Row>
        <Row label="Platform share">{formatCedis(referral.fee.platformShare)}</Row>
        {referral.payment ? (
          <Row label="Payout">
            {referral.payment.status === "paid"
              ? `Paid${referral.payment.method ? ` by ${referral.payment.method.replaceAll("_", " ")}` : ""}${
                  referral.payment.reference ? ` (${referral.payment.reference})` : ""
                }${referral.payment.paidAt ? ` on ${formatAccraDateTime(referral.payment.paidAt)}` : ""}`
              : "Pending"}
          </Row>
        ) : null}
      </dl>
    </section>
  );
}

function Outcome({ referral }: { referral: ReferralWorkspace }) {
  const items: Array<{ title: string; text: string }> = [];
  if (referral.outcomeNote) items.push({ title: "Outcome", text: referral.outcomeNote });
  if (referral.rejectionReason) items.push({ title: "Reason for rejection", text: referral.rejectionReason });
  if (referral.cancellationReason) items.push({ title: "Reason for cancelling", text: referral.cancellationReason });
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="outcome-heading" className="card p-5">
      <h2 id="outcome-heading" className="text-lg font-bold">
        {items[0].title}
      </h2>
      {items.map((item, i) => (
        <div key={item.title}>
          {i > 0 ? <h3 className="mt-3 font-semibold">{item.title}</h3> : null}
          <p className="mt-2 whitespace-pre-line break-words">{item.text}</p>
        </div>
      ))}
    </section>
  );
}

const fileHref = (referralNumber: string, id: string) =>
  `/referrals/${encodeURIComponent(referralNumber)}/files/${encodeURIComponent(id)}`;

function Attachments({ referral }: { referral: ReferralWorkspace }) {
  return (
    <section aria-labelledby="attachments-heading" className="card p-5">
      <h2 id="attachments-heading" className="text-lg font-bold">
        Attachments ({referral.attachments.length} of 10)
      </h2>
      {referral.attachments.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No files are attached.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {referral.attachments.map((a) => (
            <li key={a.id} className="py-2">
              <a
                href={fileHref(referral.referralNumber, a.id)}
                download={a.fileName}
                className="font-medium break-all text-brand-700 underline underline-offset-2"
              >
                {a.fileName}
              </a>
              <span className="block text-sm text-muted">
                {ATTACHMENT_TYPE_LABELS[a.contentType]} · {formatFileSize(a.sizeBytes)} ·{" "}
                {a.uploader ? `${a.uploader.name} (${ROLE_LABELS[a.uploader.role]})` : "A former user"} ·{" "}
                {formatAccraDateTime(a.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const TIMELINE_LABELS: Record<TimelineEntry["kind"], string> = {
  created: "Referral created",
  accepted: "Referral accepted",
  rejected: "Referral rejected",
  completed: "Referral completed",
  cancelled: "Referral cancelled",
  message: "Message",
  attachment: "File attached",
  payment: "Payout recorded",
};

function who(entry: TimelineEntry): string {
  if (!entry.who) return "A former user";
  return `${entry.who.name} (${ROLE_LABELS[entry.who.role as Role]})`;
}

function Timeline({ entries, referralNumber }: { entries: TimelineEntry[]; referralNumber: string }) {
  return (
    <section aria-labelledby="timeline-heading" className="card mt-6 p-5">
      <h2 id="timeline-heading" className="text-lg font-bold">
        Timeline
      </h2>
      <p className="text-sm text-muted">Oldest first. Times in Ghana (Africa/Accra).</p>
      <ol aria-label="Timeline, oldest first" className="mt-3 space-y-3">
        {entries.map((e) => (
          <li key={e.id} className="border-l-4 border-brand-200 pl-3">
            <p className="text-sm">
              <span className="font-semibold">{TIMELINE_LABELS[e.kind]}</span> · {who(e)} ·{" "}
              <time dateTime={e.at}>{formatAccraDateTime(e.at)}</time>
            </p>
            {e.attachment ? (
              <a
                href={fileHref(referralNumber, e.attachment.id)}
                className="break-all text-brand-700 underline underline-offset-2"
              >
                {e.attachment.fileName}
              </a>
            ) : e.text ? (
              <p className="mt-1 whitespace-pre-line break-words">
                {e.kind === "payment" ? e.text.replaceAll("_", " ") : e.text}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The answer meant for one form: its fetcher's, or the page's after a plain post. */
function answerFor(kind: Intent, fetcherData: WorkspaceAnswer | undefined, answer: WorkspaceAnswer | undefined) {
  if (fetcherData?.kind === kind) return fetcherData;
  if (answer?.kind === kind) return answer;
  return undefined;
}

function MessageForm({ referralId, answer }: { referralId: string; answer: WorkspaceAnswer | undefined }) {
  const fetcher = useFetcher<WorkspaceAnswer>({ key: "referral:message" });
  const busy = fetcher.state !== "idle";
  const mine = answerFor("message", fetcher.data, answer);
  useToastOf(fetcher.data);
  const [form, fields] = useSchemaForm(messageSchema, {
    id: "message",
    lastResult: mine?.result as SubmissionResult<string[]> | undefined,
  });
  const formProps = getFormProps(form);
  return (
    <section aria-labelledby="message-heading" className="card mt-6 p-5">
      <h2 id="message-heading" className="text-lg font-bold">
        Post a message
      </h2>
      <p className="text-sm text-muted">
        The other side is emailed that there is a new message (never the message itself).
      </p>
      <fetcher.Form
        method="post"
        className="mt-3"
        {...formProps}
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="message" />
        <input type="hidden" name="referralId" value={referralId} />
        <TextAreaField field={fields.body} label="Message" required maxLength={2000} rows={3} />
        <div className="mt-3">
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send
          </SubmitButton>
        </div>
      </fetcher.Form>
    </section>
  );
}

function AttachForm({ referralId, answer }: { referralId: string; answer: WorkspaceAnswer | undefined }) {
  const fetcher = useFetcher<WorkspaceAnswer>({ key: "referral:attach" });
  const busy = fetcher.state !== "idle";
  const mine = answerFor("attach", fetcher.data, answer);
  useToastOf(fetcher.data);
  const formRef = useRef<HTMLFormElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  // Once a file is attached the input is emptied for the next one.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.kind === "attach" && fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const error = localError ?? (mine && !mine.ok ? (mine.toast.description ?? null) : null);
  return (
    <section aria-labelledby="attach-heading" className="card mt-6 p-5">
      <h2 id="attach-heading" className="text-lg font-bold">
        Attach a file
      </h2>
      <p id="attach-hint" className="text-sm text-muted">
        PDF, JPEG, PNG or WebP, at most 10 MB; at most 10 files a referral.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        className="mt-3"
        onSubmit={(event) => {
          const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
          const file = input?.files?.[0];
          const problem = busy
            ? "busy"
            : !file
              ? ATTACHMENT_MESSAGES.missing
              : file.size === 0
                ? ATTACHMENT_MESSAGES.empty
                : file.size > MAX_ATTACHMENT_BYTES
                  ? ATTACHMENT_MESSAGES.tooLarge
                  : null;
          if (problem) {
            event.preventDefault();
            if (problem !== "busy") setLocalError(problem);
          } else setLocalError(null);
        }}
      >
        <input type="hidden" name="intent" value="attach" />
        <input type="hidden" name="referralId" value={referralId} />
        <label htmlFor="attach-file" className="field-label">
          File
        </label>
        <input
          id="attach-file"
          name="file"
          type="file"
          required
          accept={ATTACHMENT_ACCEPT}
          aria-describedby={error ? "attach-hint attach-error" : "attach-hint"}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm"
          onChange={() => setLocalError(null)}
        />
        {error ? (
          <p id="attach-error" className="mt-1 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-3">
          <SubmitButton busy={busy} busyLabel="Uploading...">
            Upload
          </SubmitButton>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * The referral slip: one A4 page with the number, a QR code of the page's address, the patient,
 * the urgency, the complaint, the facility and the doctor. Printed alone (every other part of the
 * page is hidden in print); on screen only at `?print=1`.
 */
function PrintSlip({
  referral,
  qrSvg,
  address,
  alone = false,
}: {
  referral: ReferralWorkspace;
  qrSvg: string;
  address: string;
  alone?: boolean;
}) {
  return (
    <section
      data-print-slip=""
      aria-label="Referral slip"
      className={`${alone ? "card p-6" : "hidden"} break-inside-avoid print:block print:border-0 print:p-0 print:shadow-none`}
    >
      <div className="flex items-start justify-between gap-6">
        <div>
          <p className="text-sm font-semibold text-brand-700">Referral slip</p>
          <p className="mt-1 text-3xl font-bold">{referral.referralNumber}</p>
          <p className="mt-1">
            Urgency: <UrgencyText urgency={referral.urgencyLevel} /> · Created {formatAccraDateTime(referral.createdAt)}
          </p>
        </div>
        <figure className="w-36 shrink-0 text-center">
          <div
            role="img"
            aria-label={`QR code of the referral's address, ${address}`}
            className="[&>svg]:h-auto [&>svg]:w-full"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own SVG, drawn by the QR library from our address
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption className="mt-1 text-xs break-all text-muted">{address}</figcaption>
        </figure>
      </div>
      <dl className="mt-6">
        <Row label="Patient">
          {referral.patient.fullName}
          {referral.patient.dateOfBirth ? `, born ${formatAccraDate(referral.patient.dateOfBirth)}` : ""}
          <span className="block">{referral.patient.phone}</span>
        </Row>
        <Row label="Chief complaint">
          <span className="whitespace-pre-line">{referral.chiefComplaint}</span>
        </Row>
        <Row label="Facility">
          {referral.facility.name}
          <span className="block">{referral.facility.address}</span>
        </Row>
        <Row label="Referring doctor">
          {referral.doctor.fullName}
          {referral.doctor.specialty ? ` (${referral.doctor.specialty})` : ""}
        </Row>
      </dl>
    </section>
  );
}
