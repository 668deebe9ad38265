import { useEffect, useRef, useState } from "react";
import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, data, redirect } from "react-router";
import { DRAFT_PREFIX } from "./drafts-end";
import { IDEMPOTENCY_FIELD } from "./idempotency";
import { setUploadState } from "./upload-state";

/**
 * Drafts in the browser (docs/decisions/027): the long forms a doctor or an
 * administrator types on a phone (a referral, a message on a referral, a facility's and a hub's
 * editor) are kept in localStorage as they are typed, one draft per signed-in user and form,
 * together with the form's idempotency key. Reopened, the form is filled again with a notice; a
 * post the network lost leaves it filled, marked unsent, and sends it again with the same key
 * (a tap, or the browser's `online` event), so a retry of a post that did reach the server creates
 * nothing twice. A successful post removes the draft; sign-out removes every draft (the server's
 * `Clear-Site-Data: "storage"`), and so does a session found ended (lib/drafts-end.ts); a draft
 * holding patient data is dropped after 7 days, any other after 30; another person's drafts on the same device are never shown, and are removed when a
 * new person's form opens.
 */

const PREFIX = DRAFT_PREFIX;
const DAY_MS = 86_400_000;
/** A draft with patient data (a referral, a message on a referral) stays at most this long on the device. */
export const PATIENT_DRAFT_DAYS = 7;
const OTHER_DRAFT_DAYS = 30;

export type Draft = {
  v: 1;
  user: string;
  savedAt: number;
  patientData: boolean;
  /** The form's values: text fields, selects, checked radios and boxes (never files, passwords or hidden fields). */
  fields: [string, string][];
  /** The idempotency key the form carried when it was last saved (and posted). */
  key: string | null;
  /**
   * The names of the files chosen in the form when it was saved (decision 030): a draft cannot hold
   * files, so a restored form says which ones to choose again. Absent in older drafts.
   */
  files?: string[];
  /** A post of it failed for the network: it is waiting to be sent. */
  unsent: boolean;
};

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // Storage refused (private mode, a policy): the form works, without drafts.
  }
}

export function draftName(user: string, form: string): string {
  return `${PREFIX}${user}:${form}`;
}

function parse(raw: string | null): Draft | null {
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Draft;
    return draft?.v === 1 && Array.isArray(draft.fields) && typeof draft.savedAt === "number" ? draft : null;
  } catch {
    return null;
  }
}

const expired = (draft: Draft, now: number) =>
  now - draft.savedAt > (draft.patientData ? PATIENT_DRAFT_DAYS : OTHER_DRAFT_DAYS) * DAY_MS;

/** Every draft kept on this device, by its storage name. */
function allDrafts(): Array<[string, Draft | null]> {
  const s = store();
  if (!s) return [];
  const out: Array<[string, Draft | null]> = [];
  for (let i = 0; i < s.length; i++) {
    const name = s.key(i);
    if (name?.startsWith(PREFIX)) out.push([name, parse(s.getItem(name))]);
  }
  return out;
}

/** Removes expired drafts, unreadable ones, and (when `user` is given) every other person's. */
export function sweepDrafts(user: string | null, now = Date.now()): void {
  const s = store();
  for (const [name, draft] of allDrafts()) {
    if (!draft || expired(draft, now) || (user !== null && draft.user !== user)) s?.removeItem(name);
  }
}

export function readDraft(user: string, form: string, now = Date.now()): Draft | null {
  const s = store();
  const name = draftName(user, form);
  const draft = parse(s?.getItem(name) ?? null);
  if (draft && (expired(draft, now) || draft.user !== user)) {
    s?.removeItem(name);
    return null;
  }
  return draft;
}

/** Set by sign-out: nothing is kept any more on this page (a save on leaving it would write the draft back). */
let signedOut = false;

export function writeDraft(user: string, form: string, draft: Omit<Draft, "v" | "user">): void {
  if (signedOut) return;
  try {
    store()?.setItem(draftName(user, form), JSON.stringify({ v: 1, user, ...draft } satisfies Draft));
  } catch {
    // Storage full or refused: the form still posts; only the copy on the device is missing.
  }
}

export function removeDraft(user: string, form: string): void {
  store()?.removeItem(draftName(user, form));
}

/** Removes every draft kept on this device (sign-out). */
export function removeAllDrafts(): void {
  signedOut = true;
  const s = store();
  for (const [name] of allDrafts()) s?.removeItem(name);
}

/**
 * Drafts go with the person: a Sign Out (the account menu's plain form post) removes them before
 * the post leaves. The server's answer also says `Clear-Site-Data: "storage"`, for the browsers
 * that honour it (and for a sign-out from a page without this listener).
 */
export function useDraftsGoWithSignOut(): void {
  useEffect(() => {
    const signingOut = (event: SubmitEvent) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && new URL(form.action, location.href).pathname === "/auth/sign-out") {
        removeAllDrafts();
      }
    };
    document.addEventListener("submit", signingOut, true);
    return () => document.removeEventListener("submit", signingOut, true);
  }, []);
}

/** Applies `change` to every draft that carries idempotency key `key` (the post's). */
function withDraftsOfKey(key: string, change: (name: string, draft: Draft) => void): void {
  for (const [name, draft] of allDrafts()) if (draft && draft.key === key) change(name, draft);
}

/* ------------------------------------------------------------------------------------------------
 * The form's values, read from and written into the page
 * ---------------------------------------------------------------------------------------------- */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const SKIPPED_TYPES = new Set(["hidden", "file", "password", "submit", "button", "reset", "image"]);

function draftFields(form: HTMLFormElement): Field[] {
  return Array.from(form.elements).filter(
    (el): el is Field =>
      (el instanceof HTMLInputElement && !SKIPPED_TYPES.has(el.type)) ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement,
  );
}

/** The values worth keeping, or null when nothing has been typed (an untouched form leaves no draft). */
export function readFormValues(form: HTMLFormElement): [string, string][] | null {
  const values: [string, string][] = [];
  let typed = false;
  for (const el of draftFields(form)) {
    if (!el.name) continue;
    if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
      if (el.checked) values.push([el.name, el.value]);
      if (el.checked !== el.defaultChecked) typed = true;
      continue;
    }
    values.push([el.name, el.value]);
    const initial =
      el instanceof HTMLSelectElement
        ? (el.querySelector("option[selected]")?.getAttribute("value") ?? "")
        : el.defaultValue;
    if (el.value !== initial) typed = true;
  }
  return typed ? values : null;
}

export function writeFormValues(form: HTMLFormElement, values: [string, string][], key: string | null): void {
  const byName = new Map<string, string[]>();
  for (const [name, value] of values) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const el of draftFields(form)) {
    const kept = byName.get(el.name);
    if (!kept) continue;
    if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) {
      el.checked = kept.includes(el.value);
    } else {
      el.value = kept[0] ?? "";
    }
  }
  const keyField = form.elements.namedItem(IDEMPOTENCY_FIELD);
  if (key && keyField instanceof HTMLInputElement) keyField.value = key;
}

/** The names of the files chosen in the form's file inputs (never their bytes). */
function chosenFileNames(form: HTMLFormElement): string[] {
  return Array.from(form.elements).flatMap((el) =>
    el instanceof HTMLInputElement && el.type === "file" ? Array.from(el.files ?? [], (f) => f.name) : [],
  );
}

function currentKey(form: HTMLFormElement): string | null {
  const field = form.elements.namedItem(IDEMPOTENCY_FIELD);
  return field instanceof HTMLInputElement ? field.value || null : null;
}

/* ------------------------------------------------------------------------------------------------
 * In the form's component
 * ---------------------------------------------------------------------------------------------- */

export type DraftState = {
  /** When the draft the form was filled from was saved (null: the form opened empty). */
  restoredAt: number | null;
  /** The draft's last post failed for the network: it waits to be sent. */
  unsent: boolean;
  /** The files the restored draft's form had chosen: not kept, to be chosen again. */
  fileNames: string[];
  /** Forgets the draft and empties the form. */
  discard: () => void;
};

/**
 * Keeps the form with DOM id `formId` as a draft of `user`'s `form` while it is typed, and fills
 * it from the draft when it opens. `user` null (not signed in, or no drafts for this form): nothing.
 */
export function useFormDraft(options: {
  formId: string;
  user: string | null;
  form: string;
  patientData: boolean;
}): DraftState {
  const { formId, user, form, patientData } = options;
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const [unsent, setUnsent] = useState(false);
  const [fileNames, setFileNames] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!user || !(element instanceof HTMLFormElement)) return;
    sweepDrafts(user);
    const draft = readDraft(user, form);
    if (draft) {
      writeFormValues(element, draft.fields, draft.key);
      setRestoredAt(draft.savedAt);
      setUnsent(draft.unsent);
      setFileNames(draft.files ?? []);
    }
    const save = (sending: boolean) => {
      const values = readFormValues(element);
      if (!values) {
        if (!sending) removeDraft(user, form);
        return;
      }
      const previous = readDraft(user, form);
      writeDraft(user, form, {
        savedAt: Date.now(),
        patientData,
        fields: values,
        key: currentKey(element),
        files: chosenFileNames(element),
        unsent: sending ? false : (previous?.unsent ?? false),
      });
    };
    const typed = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        save(false);
      }, 300);
    };
    // Kept at the moment it is posted, with the key it is posted with (a native listener on the
    // form runs before React's, which starts the post).
    const submitted = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      save(true);
    };
    element.addEventListener("input", typed);
    element.addEventListener("change", typed);
    element.addEventListener("submit", submitted);
    // Leaving the page (closing the tab) while a save waits: save now.
    const hidden = () => {
      if (document.visibilityState !== "hidden" || !timer.current) return;
      clearTimeout(timer.current);
      timer.current = undefined;
      save(false);
    };
    document.addEventListener("visibilitychange", hidden);
    return () => {
      clearTimeout(timer.current);
      element.removeEventListener("input", typed);
      element.removeEventListener("change", typed);
      element.removeEventListener("submit", submitted);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [formId, user, form, patientData]);

  return {
    restoredAt,
    unsent,
    fileNames,
    discard: () => {
      if (user) removeDraft(user, form);
      const element = document.getElementById(formId);
      if (element instanceof HTMLFormElement) element.reset();
      setRestoredAt(null);
      setUnsent(false);
      setFileNames([]);
    },
  };
}

/**
 * Sends the form again when the connection comes back (where the browser says so: the `online`
 * event), while `waiting` (a post of it failed for the network).
 */
export function useResendWhenOnline(formId: string, waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    const resend = () => {
      const element = document.getElementById(formId);
      if (element instanceof HTMLFormElement) element.requestSubmit();
    };
    window.addEventListener("online", resend);
    return () => window.removeEventListener("online", resend);
  }, [formId, waiting]);
}

/* ------------------------------------------------------------------------------------------------
 * In the route's clientAction
 * ---------------------------------------------------------------------------------------------- */

/** What a post the network lost answers in the page (status 503: the loaders are not asked again). */
export type NetworkFailure = { networkFailure: "offline" | "timeout" };

export function isNetworkFailure(value: unknown): value is NetworkFailure {
  return typeof value === "object" && value !== null && "networkFailure" in value;
}

/** A failed fetch (no connection, the connection dropped): not an answer of the server. */
function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * A route's clientAction around its server action: a post the network loses (no connection, or no
 * answer within `timeoutMs`) answers a NetworkFailure and marks the form's draft unsent; a post the
 * server answered with success (a redirect, or `ok: true`) removes the draft of its key; any other
 * answer leaves the draft as it is.
 *
 * With `upload` (decision 037), a post that carries a file goes through `upload.send` instead (upload
 * progress, given up only when nothing moves for a while: lib/upload.ts), and a lost answer is not
 * "No connection" at once: the server is asked at `upload.lookup` whether the post with this key
 * made something, and the page goes there if it did. A resend of a draft marked unsent asks first,
 * so a post that did arrive is not uploaded again.
 */
export function keepDraftsOnNetworkFailure(
  options: {
    timeoutMs?: number | ((posted: FormData | null) => number | undefined);
    upload?: {
      send: (request: Request, posted: FormData) => Promise<unknown>;
      lookup: string;
    };
  } = {},
) {
  return async <T>({
    request,
    serverAction,
  }: {
    request: Request;
    serverAction: () => Promise<T>;
  }): Promise<T | DataWithResponseInit<NetworkFailure>> => {
    const posted = await request
      .clone()
      .formData()
      .catch(() => null);
    const key = posted?.get(IDEMPOTENCY_FIELD);
    const timeoutMs = typeof options.timeoutMs === "function" ? options.timeoutMs(posted) : options.timeoutMs;
    const mark = (change: (name: string, draft: Draft) => void) => {
      if (typeof key === "string" && key) withDraftsOfKey(key, change);
    };
    const failed = (reason: NetworkFailure["networkFailure"]) => {
      mark((name, draft) => store()?.setItem(name, JSON.stringify({ ...draft, unsent: true, savedAt: Date.now() })));
      return data<NetworkFailure>({ networkFailure: reason }, { status: 503 });
    };
    const upload = options.upload && posted && hasFile(posted) ? options.upload : null;
    // Found by its key: the post arrived and made something; go there, as its answer would have.
    const foundAt = async (tries: number) => {
      if (!upload || typeof key !== "string" || !key) return null;
      const { findSentByKey } = await import("./upload");
      return findSentByKey(upload.lookup, key, { tries });
    };
    const arrived = (location: string) => {
      mark((name) => store()?.removeItem(name));
      return redirect(location);
    };
    if (typeof navigator !== "undefined" && navigator.onLine === false) return failed("offline");
    let timeout: ReturnType<typeof setTimeout> | undefined;
    try {
      if (upload && posted) {
        let unsent = false;
        mark((_, draft) => {
          unsent ||= draft.unsent === true;
        });
        const before = unsent ? await foundAt(1) : null;
        if (before) throw arrived(before);
        const answer = (await upload.send(request, posted)) as T;
        if (typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === true) {
          mark((name) => store()?.removeItem(name));
        }
        return answer;
      }
      const answer = await Promise.race([
        serverAction(),
        ...(timeoutMs
          ? [new Promise<"timeout">((resolve) => (timeout = setTimeout(() => resolve("timeout"), timeoutMs)))]
          : []),
      ]);
      if (answer === "timeout") return failed("timeout");
      if (typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === true) {
        mark((name) => store()?.removeItem(name));
      }
      return answer;
    } catch (error) {
      const lost = lostReason(error);
      if (lost) {
        // After a whole upload the server may still be writing: it is asked a few times.
        const location = await foundAt(lost.uploaded ? 4 : 1);
        if (location) throw arrived(location);
        return failed(lost.reason);
      }
      // A redirect is how a create answers its success (the draft has done its work).
      if (error instanceof Response && error.status >= 300 && error.status < 400)
        mark((name) => store()?.removeItem(name));
      throw error;
    } finally {
      clearTimeout(timeout);
      if (upload) setUploadState({ phase: "idle" });
    }
  };
}

/** Whether a post carries a chosen file (an input left empty posts a nameless empty part). */
function hasFile(form: FormData): boolean {
  for (const value of form.values()) if (value instanceof File && value.size > 0) return true;
  return false;
}

/** A post the network lost: no connection (a failed fetch), or an upload given up (lib/upload.ts's UploadLost). */
function lostReason(error: unknown): { reason: NetworkFailure["networkFailure"]; uploaded: boolean } | null {
  if (isFetchFailure(error)) return { reason: "offline", uploaded: false };
  if (error instanceof Error && error.name === "UploadLost") {
    const lost = error as Error & { reason?: NetworkFailure["networkFailure"]; uploaded?: boolean };
    return { reason: lost.reason ?? "offline", uploaded: lost.uploaded === true };
  }
  return null;
}
