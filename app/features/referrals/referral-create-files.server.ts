import { randomUUID } from "node:crypto";
import { localeOfActor } from "~/auth/actor";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import type { ToastMessage } from "~/components/ui/toast-tone";
import type { Db } from "~/db/client.server";
import "~/i18n/server-catalogues.server";
import { translator } from "~/i18n/i18n";
import { formAction, readForm } from "~/lib/form-action.server";
import { formText } from "~/lib/form-text";
import { answerOf, type KeptAnswer, type OnceOutcome, once, postedKey, scopeOf } from "~/lib/idempotency.server";
import { isMultipart, readMultipart } from "~/lib/multipart.server";
import { type Refusal, refusalError, refusalOf, refuse } from "~/lib/refusal";
import type { FileStore } from "~/storage/file-store.server";
import { ATTACHMENT_MESSAGES, CREATE_FILES_FIELD, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from "./attachment-rules";
import { type StoredUpload, storeAttachment, UPLOAD_UNREADABLE } from "./attachment-upload.server";
import { copyReferralFiles } from "./refer-again.server";
import { type CreatedReferral, createReferral } from "./referral-create.server";
import { CREATE_REFERRAL_FIELDS, createReferralSchema, creatingFailedToast } from "./referral-schema";
import { checkUserAllowance } from "./user-limits.server";
import { attachmentKey, planAttachment, recordAttachment } from "./workspace-files.server";

/*
 * Files sent with the Create Referral form (decision 030): the same limits, types, messages, store and
 * record as a file attached on the referral's page (attachment-upload.server.ts, recordAttachment),
 * read by the one multipart reader. The files are streamed to the store as they arrive, before the
 * referral exists; the referral and their rows are then written in one transaction. A refused file
 * refuses the whole post: every file already stored is removed and no referral is made.
 */

/** A file that came in whole, with the id its row will have (its store key is made from it). */
export type CreateUpload = StoredUpload & { id: string };

export type CreatePost = {
  /** The text fields, as a form (the action's schema and idempotency key read it). */
  form: FormData;
  uploads: CreateUpload[];
  /** The refusal of a file (the first), read past so that the typed fields come back with it. */
  refusal: Refusal | null;
};

/**
 * Reads the create form's multipart post as it arrives. Before a byte of it is read the actor must
 * be an approved doctor (401/403) within their hourly allowance of files (429). Each chosen file is
 * checked and stored on the way (an input left empty sends an empty part without a name: skipped).
 * A refused file (empty, over 10 MB, not a PDF, JPEG, PNG or WebP, or the 11th) does not stop the
 * reading, so the fields come back to fill the form again; it is returned as `refusal`, and every
 * file stored so far is removed. A body that cannot be read is a thrown 400.
 */
export async function readCreatePost(request: Request, db: Db, actor: Actor, store: FileStore): Promise<CreatePost> {
  const doctor = assertGate(actor, "referrals-create");
  await checkUserAllowance(db, doctor.id, "uploads");
  // Written by `onFile` as the parts arrive.
  const seen: { refusal: Refusal | null; count: number } = { refusal: null, count: 0 };
  const post = await readMultipart<CreateUpload>(request, {
    // Two inputs (each may send its empty part) and up to 10 files; any more are one refusal.
    limits: { files: MAX_ATTACHMENTS + 4, parts: 40, fields: 30, fieldSize: 64 * 1024, fileSize: MAX_ATTACHMENT_BYTES },
    fileField: CREATE_FILES_FIELD,
    takeFiles: MAX_ATTACHMENTS + 4,
    unreadable: UPLOAD_UNREADABLE,
    tooLarge: ATTACHMENT_MESSAGES.tooLarge,
    discard: (file) => store.delete(file.key),
    async onFile(part) {
      if (seen.refusal || part.fileName === "") return null;
      seen.count += 1;
      if (seen.count > MAX_ATTACHMENTS) {
        seen.refusal = { status: 400, message: ATTACHMENT_MESSAGES.tooManyAtOnce };
        return null;
      }
      const id = randomUUID();
      const key = attachmentKey(id);
      try {
        const stored = await storeAttachment(store, key, part.fileName, part.stream, (failWith) =>
          part.onTooLarge(() => failWith(refusalError(413, ATTACHMENT_MESSAGES.tooLarge))),
        );
        if (part.tooLarge() || part.stream.truncated) {
          await store.delete(key);
          seen.refusal = { status: 413, message: ATTACHMENT_MESSAGES.tooLarge };
          return null;
        }
        return { ...stored, id };
      } catch (error) {
        const refused = refusalOf(error);
        if (!refused) throw error;
        seen.refusal = refused;
        return null;
      }
    },
  });
  if (seen.refusal) await discardUploads(store, post.files);
  const form = new FormData();
  for (const [name, value] of post.fields) form.append(name, value);
  return { form, uploads: seen.refusal ? [] : post.files, refusal: seen.refusal };
}

/** Removes files stored for a post that created nothing (refused, or a repeat of a key already answered). */
export async function discardUploads(store: FileStore, uploads: readonly StoredUpload[]): Promise<void> {
  for (const upload of uploads) await store.delete(upload.key).catch(() => {});
}

/**
 * Creates the referral (createReferral: who may, the form's rules, the facility's alerts) and
 * records its files, in one transaction: a file the record refuses (the user's hourly allowance,
 * 429) undoes the referral, and the caller removes the stored files. Files are recorded as the
 * doctor's uploads, with their audit rows, exactly as on the referral's page.
 */
export async function createReferralWithFiles(
  db: Db,
  actor: Actor,
  values: unknown,
  uploads: readonly CreateUpload[],
  store: FileStore,
): Promise<CreatedReferral> {
  return db.transaction(async (tx) => {
    const created = await createReferral(tx, actor, values);
    for (const upload of uploads) {
      const plan = await planAttachment(tx, actor, created.id, { counts: false });
      await recordAttachment(tx, store, { ...plan, id: upload.id, key: upload.key }, upload);
    }
    return created;
  });
}

/** The form's text fields as the domain function reads them (a missing one, or a file, is ""). */
function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    CREATE_REFERRAL_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? formText(value) : ""];
    }),
  );
}

/** Spec section 8: shown on the new referral's page the doctor is sent to (a one-time flash, not the address). */
const CREATED_TOAST = {
  title: "Referral Created",
  description: "Your referral has been created successfully.",
  variant: "success",
} as const;

/**
 * The create, once per idempotency key (decision 030): a double tap or a retry after a timeout answers
 * as the first post did (the same redirect to the referral's page) and creates nothing, its files
 * included: the files a repeat brought, and those of a post that created nothing (a refusal
 * thrown: values, who may, the hourly allowance), are removed from the store.
 */
export async function createReferralOnce(
  db: Db,
  actor: Actor,
  form: FormData,
  uploads: readonly CreateUpload[],
  store: FileStore,
): Promise<OnceOutcome<CreatedReferral>> {
  try {
    const outcome = await once(
      db,
      { scope: scopeOf(actor), key: postedKey(form), form: "referral.create" },
      (tx) => createReferralWithFiles(tx, actor, formValues(form), uploads, store),
      (created) => ({
        status: 302,
        location: `/referrals/${created.referralNumber}`,
        toast: CREATED_TOAST,
        recordId: created.referralNumber,
      }),
    );
    if (outcome.replayed) await discardUploads(store, uploads);
    return outcome;
  } catch (error) {
    await discardUploads(store, uploads);
    throw error;
  }
}

/** A post to the create form, read: who sent it, its text fields and files, or the refusal met on the way. */
type ReferralPost = {
  /** Null only when who may send it was refused (then `refusal` says so). */
  actor: UserActor | null;
  /** Its text fields as the form's schema and the domain function read them (`textFields`). */
  form: FormData;
  uploads: CreateUpload[];
  refusal: Refusal | null;
};

/**
 * A post's text fields as the form's schema (in formAction) and the domain function (formValues)
 * both read them: each name's first value, U+0000 dropped, a field of the form it lacks as "";
 * files left out.
 */
function textFields(posted: FormData): FormData {
  const form = new FormData();
  for (const [name, value] of posted) {
    if (typeof value === "string" && !form.has(name)) form.set(name, formText(value));
  }
  for (const name of CREATE_REFERRAL_FIELDS) if (!form.has(name)) form.set(name, "");
  return form;
}

/**
 * Reads a post to the Create Referral form: who may send it (only approved doctors, before a byte
 * of a file is read), its fields, and its files checked and stored as they arrive (decision 030).
 * A refusal on the way (who may, the hour's allowance of files, a file, a body that cannot be read)
 * is returned with the fields that did arrive, for formAction to answer first (`readRefusal`).
 */
async function readReferralPost(
  request: Request,
  db: Db,
  allowed: () => Promise<UserActor>,
  store: FileStore,
): Promise<ReferralPost> {
  let actor: UserActor | null = null;
  try {
    actor = await allowed();
    if (!isMultipart(request)) return { actor, form: textFields(await readForm(request)), uploads: [], refusal: null };
    const post = await readCreatePost(request, db, actor, store);
    return { actor, ...post, form: textFields(post.form) };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { actor, form: new FormData(), uploads: [], refusal };
  }
}

/**
 * The create, once formAction has checked the post's values: the referral and its files once per
 * key (createReferralOnce: a repeat answers as the first post did), then, referred again from a
 * rejected or cancelled referral (`from`), that referral's files, once. Its answer is the one kept
 * for the key: the redirect to the new referral's page ("Sent to {facility}", where more files can
 * be attached) with the spec's "Referral Created".
 */
async function createReferralFromPost(db: Db, post: ReferralPost, store: FileStore): Promise<KeptAnswer> {
  // formAction answers a post whose sender was refused without calling this (`readRefusal`).
  const actor = post.actor ?? refuse(401, "Please sign in");
  const outcome = await createReferralOnce(db, actor, post.form, post.uploads, store);
  const from = post.form.get("from");
  if (!outcome.replayed && typeof from === "string" && from) {
    await copyReferralFiles(db, actor, from, outcome.value.id, store);
  }
  if (!outcome.answer) throw new Error("unreachable: a created referral has an answer");
  return outcome.answer;
}

/**
 * The spec's "Error Creating Referral" toast for a refused post (who may, a file, a value, a
 * limit): several fields refused, their messages joined by a comma, each in the person's language
 * (decision 044); a single message is translated where it is shown.
 */
function creatingRefusedToast(actor: UserActor | null): (message: string, messages: string[]) => ToastMessage {
  const t = translator(actor ? localeOfActor(actor) : "en");
  return (message, messages) =>
    creatingFailedToast(messages.length > 1 ? [...new Set(messages)].map((m) => t(m)).join(", ") : message);
}

/**
 * The Create Referral form's action, on the one form path (`formAction`, as every form's): the
 * post read as it arrives, its files checked and stored on the way (a refusal met there is
 * answered first, with the fields that arrived), the form's schema, then the referral and its
 * files once per key (decision 027), answered with a redirect to its own page and "Referral
 * Created". Every refusal (who may, a file, a value, a limit) is the spec's "Error Creating
 * Referral" with the typed values, and keeps no file (`discard`).
 */
export async function createReferralAction(
  request: Request,
  { db, allowed, store }: { db: Db; allowed: () => Promise<UserActor>; store: FileStore },
) {
  const post = await readReferralPost(request, db, allowed, store);
  return formAction(post.form, {
    schema: createReferralSchema,
    readRefusal: post.refusal,
    discard: () => discardUploads(store, post.uploads),
    run: () => createReferralFromPost(db, post, store),
    done: (kept) => answerOf(kept) as Promise<Response>,
    refused: creatingRefusedToast(post.actor),
  });
}
