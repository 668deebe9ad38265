import { data } from "react-router";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { localeOfActor } from "~/auth/actor";
import type { Actor } from "~/auth/actor.server";
import { parseSubmission } from "~/components/forms/schema-form";
import type { ToastMessage } from "~/components/ui/toast-tone";
import type { Db } from "~/db/client.server";
import "~/i18n/server-catalogues.server";
import { translator } from "~/i18n/i18n";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { answerOf, once, postedKey, scopeOf } from "~/lib/idempotency.server";
import { isMultipart } from "~/lib/multipart.server";
import { type Refusal, refusalOf } from "~/lib/refusal";
import { type FileStore, fileStore } from "~/storage/file-store.server";
import { readAttachmentPost, type StoredUpload } from "./attachment-upload.server";
import { rejectionSchema } from "./referral-schema";
import { isTransition, type Transition } from "./referral-status";
import { transitionReferral } from "./referral-transitions.server";
import { referralForPost, referralIdByNumber } from "./workspace-access.server";
import type { WorkspaceAnswer, WorkspaceIntent } from "./workspace-answer";
import { type AttachmentPlan, addAttachment, planAttachment, recordAttachment } from "./workspace-files.server";
import { postMessage } from "./workspace-messages.server";
import { cancelSchema, messageSchema, outcomeSchema } from "./workspace-schemas";

/*
 * The referral page's action: accept, reject, complete, cancel (the status table), post
 * a message, attach a file. One table says, for each intent, its form's schema, the text field a
 * refusal is shown under, the failure toast's title and the domain call; every intent then takes
 * the one form path (`formAction`).
 *
 * Before any of it: who is asking, and whether they may see the referral the address names (a
 * posted id is not trusted to match it). Anyone who may not gets the same 401 or 404 whatever they
 * posted, and the referral's id goes back only to a viewer who may see it.
 */

/** A post on the referral page, as its intent's domain call needs it. */
export type WorkspacePost = {
  db: Db;
  actor: Actor;
  /** The id of the referral the address names ("" when none has its number). */
  referralId: string;
  /** The page's address: a plain post (without JavaScript) is answered with a redirect there and a flash. */
  page: string;
  /** A plain post from a page without JavaScript is a navigation; a fetcher (React) gets data. */
  navigation: boolean;
  /** The posted form (its idempotency key: decision 027). */
  form: FormData;
  /** The file a multipart post streamed into the store, with the checks `planAttachment` made. */
  upload: { plan: AttachmentPlan; file: StoredUpload } | null;
  store: FileStore;
};

type Values = { reason?: string; outcome?: string; body?: string };

type IntentEntry = {
  /** The form's schema (the one its page checks with in the browser). */
  schema: $ZodType<Values>;
  /** The text field a refused value is shown under (its dialog stays open), if the form has one. */
  field: "reason" | "outcome" | "body" | null;
  /** The failure toast's title. */
  title: string;
  /** The domain call: the success toast, or a redirect (a plain post, or a repeat of one). */
  run: (post: WorkspacePost, values: Values) => Promise<ToastMessage | Response>;
};

const NO_FIELDS = z.object({});

/** A status change: the status table (transitionReferral) decides who may, and when. */
function transition(intent: Transition): IntentEntry["run"] {
  return async (post, values) => {
    const { status } = await transitionReferral(post.db, post.actor, post.referralId, intent, values);
    const toast: ToastMessage = {
      title: `Referral ${status}`,
      description: `The referral has been ${status} successfully.`,
      variant: "success",
    };
    return post.navigation ? redirectWithToast(post.page, toast) : toast;
  };
}

/**
 * A message or a file: one per idempotency key (decision 027). The same post again is answered as the
 * first was, and the file it streamed in again is not kept.
 */
function created(
  form: "message" | "attach",
  create: (tx: Db, post: WorkspacePost, values: Values) => Promise<{ id: string; toast: ToastMessage }>,
): IntentEntry["run"] {
  return async (post, values) => {
    const outcome = await once(
      post.db,
      { scope: scopeOf(post.actor), key: postedKey(post.form), form: `referral.${form}:${post.referralId}` },
      (tx) => create(tx, post, values),
      ({ id, toast }) =>
        post.navigation
          ? { status: 302, location: post.page, toast, recordId: id }
          : { status: 200, toast, recordId: id },
    );
    if (outcome.replayed && post.upload) await post.store.delete(post.upload.file.key);
    const kept = outcome.answer;
    if (!kept?.toast) throw new Error("unreachable: a created message or file has an answer");
    return kept.location ? ((await answerOf(kept)) as Response) : kept.toast;
  };
}

export const WORKSPACE_INTENTS: Record<WorkspaceIntent, IntentEntry> = {
  accept: { schema: NO_FIELDS, field: null, title: "Error Updating Referral", run: transition("accept") },
  reject: { schema: rejectionSchema, field: "reason", title: "Error Updating Referral", run: transition("reject") },
  complete: { schema: outcomeSchema, field: "outcome", title: "Error Updating Referral", run: transition("complete") },
  cancel: { schema: cancelSchema, field: "reason", title: "Error Cancelling Referral", run: transition("cancel") },
  message: {
    schema: messageSchema,
    field: "body",
    title: "Error Sending Message",
    run: created("message", async (tx, post, values) => {
      const posted = await postMessage(tx, post.actor, post.referralId, values);
      return {
        id: posted.id,
        toast: { title: "Message Sent", description: "Your message has been posted.", variant: "success" },
      };
    }),
  },
  attach: {
    schema: NO_FIELDS,
    field: null,
    title: "Error Attaching File",
    // The file came in a multipart post (stored, its checks passed); without one (a url-encoded
    // post, or no file part) the same checks answer, then "choose a file".
    run: created("attach", async (tx, post) => {
      const stored = post.upload
        ? await recordAttachment(tx, post.store, post.upload.plan, post.upload.file)
        : await addAttachment(tx, post.actor, post.referralId, null);
      // The file's name in the sentence: made in the person's language here (decision 044).
      const t = translator(localeOfActor(post.actor));
      return {
        id: stored.id,
        toast: {
          title: "File Attached",
          description: t("referral.fileAttached", { fileName: stored.fileName }),
          variant: "success",
        },
      };
    }),
  },
};

/** The intent a post names, or null for anything else. */
export function workspaceIntentOf(value: unknown): WorkspaceIntent | null {
  return typeof value === "string" && Object.hasOwn(WORKSPACE_INTENTS, value) ? (value as WorkspaceIntent) : null;
}

const failed = (title: string, description: string): ToastMessage => ({ title, description, variant: "destructive" });

/** Which form an answer is for, and the referral's id (only for a viewer who may see it). */
function answerFields(intent: WorkspaceIntent | null, referralId: string) {
  return { kind: intent, intent: isTransition(intent) ? intent : null, referralId };
}

/** What `check` gives, or the refusal it throws (401, 403, 404...); anything else is thrown on. */
async function refusalFrom<T>(check: () => Promise<T>): Promise<{ refusal: Refusal } | { value: T }> {
  try {
    return { value: await check() };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { refusal };
  }
}

/** A post refused before its form is checked: nothing of the referral is said to someone who may not see it. */
function refusedBefore(actor: Actor, intent: WorkspaceIntent, referralId: string, refusal: Refusal, form?: FormData) {
  const entry = WORKSPACE_INTENTS[intent];
  const mayKnow = actor.kind === "user" && actor.approved && refusal.status !== 401 && refusal.status !== 404;
  const reply =
    form && entry.field ? parseSubmission(form, entry.schema).reply({ formErrors: [refusal.message] }) : null;
  const body: WorkspaceAnswer = {
    ...answerFields(intent, mayKnow ? referralId : ""),
    ok: false,
    toast: failed(entry.title, refusal.message),
    ...(form ? { reasonRefused: false } : {}),
    ...(reply ? { result: reply } : {}),
  };
  return data(body, { status: refusal.status });
}

/**
 * A multipart post (the page's upload form) streams its file to the file store as it arrives:
 * whether the viewer may see this referral is checked before a byte of its body is read, and
 * whether they may attach a file here now before the file's bytes are (decision 023).
 */
async function readUpload(request: Request, { db, actor, referralId, store }: Omit<WorkspacePost, "form" | "upload">) {
  const planned: { plan?: AttachmentPlan } = {};
  return refusalFrom(async () => {
    await referralForPost(db, actor, referralId);
    const { fields, file } = await readAttachmentPost(request, store, async (fieldsSoFar) => {
      if (fieldsSoFar.find(([name]) => name === "intent")?.[1] !== "attach") return null;
      planned.plan = await planAttachment(db, actor, referralId);
      return planned.plan.key;
    });
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return { form, upload: planned.plan && file ? { plan: planned.plan, file } : null };
  });
}

/** The referral page's action: the post read, its intent looked up in the table, the one form path. */
export async function workspaceAction(
  request: Request,
  { db, actor, referralNumber }: { db: Db; actor: Actor; referralNumber: string },
) {
  const shared = {
    db,
    actor,
    referralId: (await referralIdByNumber(db, referralNumber)) ?? "",
    page: `/referrals/${encodeURIComponent(referralNumber)}`,
    navigation: request.headers.get("Sec-Fetch-Mode") === "navigate",
    store: fileStore(),
  };
  let post: WorkspacePost;
  let refused: Refusal | null = null;
  if (isMultipart(request)) {
    const read = await readUpload(request, shared);
    if ("refusal" in read) return refusedBefore(actor, "attach", shared.referralId, read.refusal);
    post = { ...shared, ...read.value };
  } else {
    post = { ...shared, form: await readForm(request), upload: null };
    const seen = await refusalFrom(() => referralForPost(db, actor, shared.referralId));
    if ("refusal" in seen) refused = seen.refusal;
  }
  const intent = workspaceIntentOf(post.form.get("intent"));
  if (!intent) {
    return data<WorkspaceAnswer>(
      { ok: false, toast: failed("Error Updating Referral", "Unknown action"), ...answerFields(null, "") },
      { status: 400 },
    );
  }
  if (refused) return refusedBefore(actor, intent, post.referralId, refused, post.form);
  const entry = WORKSPACE_INTENTS[intent];
  const answer = await formAction(post.form, {
    schema: entry.schema,
    run: (values) => entry.run(post, values),
    done: (result) => (result instanceof Response ? result : { toast: result }),
    refused: (message) => failed(entry.title, message),
    extra: answerFields(intent, post.referralId),
  });
  if (answer instanceof Response || answer.data.ok) return answer;
  // A refused text (blank, too long) is shown under its field, in the dialog that stays open.
  (answer.data as WorkspaceAnswer).reasonRefused = entry.field !== null && answer.init?.status === 400;
  return answer;
}
