import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facilities } from "~/db/schema";
import { intentRepeated } from "~/lib/form-fields";
import { type BuiltApp, loadBuiltApp, uniqueIp } from "./built-app";
import {
  type FuzzContext,
  type FuzzForm,
  fuzzForms,
  readPostedForm,
  requestInit,
  type Submission,
  submissionUrl,
  WORKSPACE_POOLS,
} from "./forms";
import { referralWorld } from "./referral-fixtures";
import { findReflections } from "./reflection";

/*
 * Fuzzing of the public and account form actions through the production build, in process.
 * Properties, for every generated post:
 *   - the answer is never a 5xx; a 429 says what happened ("Too many attempts ...");
 *   - an input the shared schema refuses gets a 4xx and changes no table at all;
 *   - valid inputs add exactly one row per 2xx answer (at most one where the form says so);
 *   - no posted value comes back unescaped in an HTML answer.
 * Posts run in batches (invalid and valid ones apart, so row counts can be attributed).
 * FUZZ_INPUTS (default 1,000; FUZZ_INPUTS=10000 or more for a deep run) is the total per run,
 * shared by the forms by their `share`, so adding a form keeps the run's length; FUZZ_SEED replays
 * a run. A form whose share ran out before its generator reached both sides of the schema (and,
 * where it echoes, an escaped reflection) keeps going, batch by batch, until it has (at most
 * MAX_EXTRA_BATCHES more): a small default run proves what a deep one does about every form.
 */
const TOTAL = Number(process.env.FUZZ_INPUTS ?? 1_000);
const MAX_EXTRA_BATCHES = 40;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** One busy client address: posts from it run into the per-IP limits. */
const SHARED_IP = "203.0.113.99";

const context: FuzzContext = { facilityIds: [] };
const forms = fuzzForms(context);
const shares = forms.reduce((sum, f) => sum + (f.share ?? 1), 0);
const batchOf = (form: FuzzForm) => form.batch ?? 25;
/** Each form's number of posts: its share of the total, in whole batches. */
const postsOf = (form: FuzzForm) => Math.ceil((TOTAL * (form.share ?? 1)) / shares / batchOf(form)) * batchOf(form);

type Stats = { inputs: number; valid: number; statuses: Record<number, number>; escaped: number; ms: number };
const stats = new Map<string, Stats>();

let app: BuiltApp;
beforeAll(async () => {
  app = await loadBuiltApp();
  const rows = await app.db.select({ id: facilities.id }).from(facilities);
  context.facilityIds = rows.map((r) => r.id);
  // The report form's profile and the edited facility are two different seed facilities (an edit may rename).
  const seeded = await app.db
    .select({ id: facilities.id, slug: facilities.slug })
    .from(facilities)
    .orderBy(facilities.slug);
  context.reportSlug = seeded[0]!.slug;
  const [offered] = await app.db
    .select({ specialties: facilities.specialties })
    .from(facilities)
    .where(eq(facilities.slug, context.reportSlug));
  context.appointmentSpecialty = offered?.specialties[0] ?? "General consultation";
  context.editFacilityId = seeded[1]!.id;
  // Targets in proportion to the posts that use them (sized for 10,000 inputs; a fifth at least).
  const sized = (n: number) => Math.max(Math.ceil(n / 5), Math.ceil((n * Math.min(TOTAL, 10_000)) / 10_000));
  context.referrals = await referralWorld(app, {
    pendingReferrals: sized(200),
    pendingPayments: sized(100),
    pendingAccounts: sized(60),
    workspace: WORKSPACE_POOLS,
  });
});
afterAll(async () => {
  await app?.close();
  const total = [...stats.values()].reduce((sum, s) => sum + s.inputs, 0);
  console.log(
    [
      `fuzzed ${total} inputs`,
      ...[...stats].map(
        ([name, s]) =>
          `  ${name}: ${s.inputs} inputs, ${s.valid} valid, ${s.escaped} escaped reflections, ${(s.ms / 1000).toFixed(1)} s, statuses ${JSON.stringify(s.statuses)}`,
      ),
    ].join("\n"),
  );
});

function describeSubmission(s: Submission): string {
  return JSON.stringify(s).slice(0, 600);
}

function changedTables(before: Record<string, number>, after: Record<string, number>): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[table] !== after[table]) changed[table] = `${before[table]} -> ${after[table]}`;
  }
  return changed;
}

async function post(form: FuzzForm, s: Submission): Promise<{ status: number; type: string; body: string }> {
  const init = requestInit(s);
  const headers = new Headers(init.headers);
  if (form.cookie) headers.set("Cookie", form.cookie());
  if (form.authorization) headers.set("Authorization", form.authorization);
  const response = await app.request(submissionUrl(s), {
    ...init,
    headers,
    ip: s.sharedIp ? SHARED_IP : uniqueIp(),
  });
  return { status: response.status, type: response.headers.get("Content-Type") ?? "", body: await response.text() };
}

async function runBatch(form: FuzzForm, s: Stats, batch: Submission[]): Promise<void> {
  const judged = await Promise.all(
    batch.map(async (submission) => {
      const posted = await readPostedForm(submission);
      // The server's one rule for every form (lib/form-fields.ts): a post naming its intent twice is refused.
      return { submission, valid: !intentRepeated(posted) && (await form.isValid(posted, submission)) };
    }),
  );
  for (const valid of [false, true]) {
    const group = judged.filter((j) => j.valid === valid).map((j) => j.submission);
    if (group.length === 0) continue;
    const before = await app.tableCounts();
    const answers = await Promise.all(group.map((submission) => post(form, submission)));
    const after = await app.tableCounts();
    s.inputs += group.length;
    if (valid) s.valid += group.length;

    answers.forEach((answer, i) => {
      const what = `${form.name}: ${valid ? "valid" : "invalid"} post ${describeSubmission(group[i])}`;
      s.statuses[answer.status] = (s.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500) throw new Error(`${what} answered ${answer.status}`);
      if (!valid && (answer.status < 400 || answer.status >= 500)) {
        throw new Error(`${what} was accepted with ${answer.status}: ${answer.body.slice(0, 300)}`);
      }
      if (answer.status === 429 && !answer.body.includes("Too many attempts")) {
        throw new Error(`${what} answered 429 without a message`);
      }
      if (answer.type.startsWith("text/html")) {
        const reflection = findReflections(answer.body);
        if (reflection.unescaped.length) {
          throw new Error(`${what} reflected input unescaped: ${JSON.stringify(reflection.unescaped)}`);
        }
        s.escaped += reflection.escaped;
      }
    });

    await form.invariant?.(app.db);
    if (!valid) {
      const changed = changedTables(before, after);
      if (Object.keys(changed).length) {
        throw new Error(
          `${form.name}: invalid posts changed tables ${JSON.stringify(changed)}: ${group.map(describeSubmission).join("\n")}`,
        );
      }
    } else if (form.stores) {
      const { table, exact } = form.stores;
      const added = after[table] - before[table];
      const acknowledges = form.acknowledges ?? ((status: number) => status >= 200 && status < 300);
      const acknowledged = answers.filter((a) => acknowledges(a.status)).length;
      if (exact ? added !== acknowledged : added > acknowledged || added < 0) {
        throw new Error(`${form.name}: ${acknowledged} posts answered 2xx but ${table} grew by ${added}`);
      }
    }
  }
}

describe(`fuzzing the form actions (${TOTAL} inputs in total)`, () => {
  for (const form of forms) {
    it(`${form.name}: ${postsOf(form)} generated posts`, async () => {
      const s: Stats = { inputs: 0, valid: 0, statuses: {}, escaped: 0, ms: 0 };
      stats.set(form.name, s);
      const started = performance.now();
      const property = fc.asyncProperty(
        fc.array(form.submission, { minLength: batchOf(form), maxLength: batchOf(form) }),
        (batch) => runBatch(form, s, batch),
      );
      const check = async (numRuns: number, seed?: number) => {
        const outcome = await fc.check(property, { numRuns, seed, endOnFailure: true });
        // The failing post is named in the error; the whole batch would be a wall of text.
        if (outcome.failed) {
          throw new Error(
            `${String(outcome.errorInstance)}\n(replay: FUZZ_SEED=${outcome.seed}, path ${outcome.counterexamplePath})`,
          );
        }
      };
      await check(postsOf(form) / batchOf(form), SEED);
      // Not both sides of the schema yet (or no escaped reflection on a form that echoes): more batches.
      const reachedBoth = () => s.valid > 0 && s.valid < s.inputs && (!form.echoes || s.escaped > 0);
      for (let extra = 0; !reachedBoth() && extra < MAX_EXTRA_BATCHES; extra++) {
        await check(1, SEED === undefined ? undefined : SEED + extra + 1);
      }
      s.ms = performance.now() - started;
      expect(s.inputs).toBeGreaterThanOrEqual(postsOf(form));
      // The generators reach both sides of the schema, and hostile values do come back (escaped).
      expect(s.valid).toBeGreaterThan(0);
      expect(s.valid).toBeLessThan(s.inputs);
      if (form.echoes) expect(s.escaped).toBeGreaterThan(0);
    });
  }

  it("covers at least FUZZ_INPUTS inputs in all", () => {
    const total = [...stats.values()].reduce((sum, s) => sum + s.inputs, 0);
    expect(total).toBeGreaterThanOrEqual(TOTAL);
  });
});
