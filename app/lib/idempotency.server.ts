import { and, eq, lt, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { ToastMessage } from "~/components/ui/toast-tone";
import type { Db } from "~/db/client.server";
import { idempotencyKeys } from "~/db/schema";
import { refuse } from "~/lib/refusal";
import { redirectWithToast } from "./flash.server";
import { IDEMPOTENCY_FIELD } from "./idempotency";
import { logError, logger } from "./logger.server";

/**
 * One submission, one record (docs/decisions/027): every form that creates something
 * carries a key made when the form was rendered (`IDEMPOTENCY_FIELD`). The first post with a key
 * stores the key in the same transaction as what it creates, with the answer it gave; a later post
 * with the same key (a double tap, a retry after a timeout that did reach the server) creates
 * nothing and gets that same answer. Two posts at the same moment meet at the table's primary key
 * (scope, key): the second waits for the first's transaction and then finds its answer.
 */

/** What a create answered, kept to answer a repeat exactly the same way. */
export type KeptAnswer = {
  /** HTTP status of the answer (a redirect's is 302). */
  status: number;
  /** Where a redirect went; a toast with it travels in the flash cookie. */
  location?: string | null;
  toast?: Omit<ToastMessage, "id"> | null;
  /** The created record (a referral's id, a message's id...). */
  recordId?: string | null;
  /** The body of an answer that is not a redirect (an action's data). */
  body?: unknown;
};

export type IdempotencyRef = {
  /** The user's id, or `anonymous` for a visitor without a session (the key is 128 random bits). */
  scope: string;
  /** The posted key (null or malformed: the post runs as before, without a key). */
  key: unknown;
  /** Which form: a key sent to another form is refused rather than answered with another form's answer. */
  form: string;
};

export type OnceOutcome<T> =
  | { replayed: false; value: T; answer: KeptAnswer | null }
  | { replayed: true; answer: KeptAnswer };

/** Keys are kept 8 days: longer than a browser keeps a draft (7 days), which may resend one. */
export const KEY_RETENTION_HOURS = 8 * 24;
const KEY_PATTERN = /^[A-Za-z0-9._:+/=-]{16,128}$/;

/** The key of a post, when it carries a well-formed one. */
export function postedKey(form: FormData | null | undefined): string | null {
  const value = form?.get(IDEMPOTENCY_FIELD);
  return typeof value === "string" && KEY_PATTERN.test(value) ? value : null;
}

/** The scope of a post: the acting user's id, or `anonymous`. */
export function scopeOf(actor: { kind: "anonymous" } | { kind: "user"; id: string } | null | undefined): string {
  return actor?.kind === "user" ? actor.id : "anonymous";
}

/** An answer as it is kept and given again (absent parts left out), the same for the first post and a repeat. */
function keptAnswer(row: KeptAnswer): KeptAnswer {
  const answer: KeptAnswer = { status: row.status };
  if (row.location) answer.location = row.location;
  if (row.toast) answer.toast = row.toast;
  if (row.recordId) answer.recordId = row.recordId;
  if (row.body !== undefined && row.body !== null) answer.body = row.body;
  return answer;
}

class NothingCreated<T> extends Error {
  readonly value: T;
  constructor(value: T) {
    super("nothing created: the key is given back");
    this.value = value;
  }
}

/**
 * Runs `fn` (the create) once per key. `fn` gets the transaction in which the key is taken and
 * must write through it; `keep` says what to answer a repeat (null: nothing was created, e.g. a
 * refused input, and the key is given back so the corrected form can be sent with it). A thrown
 * refusal rolls the key back too. Without a well-formed key, `fn` simply runs.
 */
export async function once<T>(
  db: Db,
  ref: IdempotencyRef,
  fn: (tx: Db) => Promise<T>,
  keep: (value: T) => KeptAnswer | null,
): Promise<OnceOutcome<T>> {
  const key = typeof ref.key === "string" && KEY_PATTERN.test(ref.key) ? ref.key : null;
  if (!key) {
    const value = await fn(db);
    return { replayed: false, value, answer: keep(value) };
  }
  sweepNow(db);
  try {
    return await db.transaction(async (tx) => {
      // Waits on a concurrent post with the same key until it commits (then: nothing inserted) or
      // rolls back (then: this one takes the key).
      const taken = await tx
        .insert(idempotencyKeys)
        .values({ scope: ref.scope, key, form: ref.form, status: 0 })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 0) {
        const [first] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (!first || first.form !== ref.form) {
          refuse(409, "This form was already sent. Reload the page to send it again.");
        }
        return {
          replayed: true as const,
          answer: keptAnswer(first),
        };
      }
      // A transaction is a query builder like the database (its `transaction` opens a savepoint).
      const value = await fn(tx as unknown as Db);
      const answer = keep(value);
      if (!answer) throw new NothingCreated(value);
      await tx
        .update(idempotencyKeys)
        .set({
          status: answer.status,
          location: answer.location ?? null,
          toast: answer.toast ?? null,
          recordId: answer.recordId ?? null,
          body: answer.body === undefined ? null : answer.body,
        })
        .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, key)));
      return { replayed: false as const, value, answer: keptAnswer(answer) };
    });
  } catch (error) {
    if (error instanceof NothingCreated) return { replayed: false, value: error.value as T, answer: null };
    throw error;
  }
}

/** How long a claim without an answer stands before a post may take it over (its server died). */
const CLAIM_STALE_MS = 120_000;
/** How long a repeat waits for the first post of its key to finish, and how often it looks. */
const CLAIM_WAIT_MS = 15_000;
const CLAIM_POLL_MS = 100;

/**
 * `once` for a create that cannot run inside our transaction (registration: better-auth writes
 * the account through its own handle). The key is claimed first (the primary key decides between
 * concurrent posts: the one whose insert lands runs `fn`), then answered; a repeat that finds the
 * claim unanswered waits for the answer. A create refused (`keep` null) or thrown gives the key
 * back. A claim left unanswered by a dead server is taken over after two minutes.
 */
export async function onceOutside<T>(
  db: Db,
  ref: IdempotencyRef,
  fn: () => Promise<T>,
  keep: (value: T) => KeptAnswer | null,
): Promise<OnceOutcome<T>> {
  const key = typeof ref.key === "string" && KEY_PATTERN.test(ref.key) ? ref.key : null;
  if (!key) {
    const value = await fn();
    return { replayed: false, value, answer: keep(value) };
  }
  sweepNow(db);
  const where = and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, key));
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope: ref.scope, key, form: ref.form, status: 0 })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) break;
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (first && first.form !== ref.form) {
      refuse(409, "This form was already sent. Reload the page to send it again.");
    }
    if (first && first.status !== 0) {
      return {
        replayed: true,
        answer: keptAnswer(first),
      };
    }
    // Unanswered: the first post is under way (wait for it), or its server died (take it over).
    if (first && Date.now() - first.createdAt.getTime() > CLAIM_STALE_MS) {
      await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 0)));
      continue;
    }
    if (Date.now() > deadline) {
      refuse(409, "This form is still being sent. Please wait a moment and try again.");
    }
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
  let value: T;
  let answer: KeptAnswer | null;
  try {
    value = await fn();
    answer = keep(value);
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 0)));
    throw error;
  }
  if (!answer) {
    await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.status, 0)));
    return { replayed: false, value, answer: null };
  }
  await db
    .update(idempotencyKeys)
    .set({
      status: answer.status,
      location: answer.location ?? null,
      toast: answer.toast ?? null,
      recordId: answer.recordId ?? null,
      body: answer.body === undefined ? null : answer.body,
    })
    .where(where);
  return { replayed: false, value, answer: keptAnswer(answer) };
}

/** The answer a kept key gives: the same redirect (and toast), or the same data and status. */
export async function answerOf(answer: KeptAnswer): Promise<Response | ReturnType<typeof data>> {
  if (answer.location) {
    return answer.toast ? redirectWithToast(answer.location, answer.toast) : redirect(answer.location);
  }
  return data(answer.body ?? null, { status: answer.status });
}

/**
 * The answer kept for a key once its create has committed, or null (none yet, another form's, or
 * still being written: a claim's status is 0). Decision 037: a browser that lost the answer to a long
 * upload finds what it made by its key instead of saying "No connection" and uploading again.
 */
export async function keptAnswerFor(
  db: Pick<Db, "select">,
  ref: { scope: string; key: unknown; form: string },
): Promise<KeptAnswer | null> {
  if (typeof ref.key !== "string" || !KEY_PATTERN.test(ref.key)) return null;
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)))
    .limit(1);
  if (!row || row.form !== ref.form || row.status === 0) return null;
  return keptAnswer(row);
}

/** Deletes keys older than the retention; returns how many. */
export async function sweepIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_RETENTION_HOURS * 3_600_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

// The sweep runs from the posts themselves, at most once an hour per server process, after the
// answer (never in its way): no scheduler needed, and every server may do it (deleting is idempotent).
let lastSweep = 0;
function sweepNow(db: Db) {
  const now = Date.now();
  if (now - lastSweep < 3_600_000) return;
  lastSweep = now;
  setTimeout(() => {
    sweepIdempotencyKeys(db).catch((error) => logger.warn({ err: logError(error) }, "idempotency key sweep failed"));
  }, 1_000).unref?.();
}

/** For tests: the number of keys kept for a scope. */
export async function keptKeyCount(db: Db, scope: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, scope));
  return row?.n ?? 0;
}
