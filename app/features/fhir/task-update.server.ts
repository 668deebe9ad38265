import jsonpatch from "fast-json-patch";
import type { Context, Hono } from "hono";
import type { Db } from "~/db/client.server";
import {
  type ExchangedReferral,
  type ReferralStatus,
  referralForClient,
  TRANSITIONS,
  type Transition,
  type TransitionReferral,
} from "~/features/referrals/public.server";
import { type FhirEnv, FhirError, fhirJson, jsonBody, need } from "./fhir-http";
import {
  etagOf,
  type IssueCode,
  lastUpdatedOf,
  TASK_STATUS,
  taskOf,
  versionFromIfMatch,
  versionOf,
} from "./fhir-resources";

/*
 * A facility's system accepts, rejects and completes a referral by updating its Task (decision
 * 034): PUT with the whole Task, or PATCH with a JSON Patch (RFC 6902, applied by fast-json-patch
 * to the Task as read), both with If-Match. Either way only `status`, `statusReason.text` and
 * `output[].valueString` are read, and the change is the referrals' own transitionReferral.
 */

type Options = { db: () => Promise<Db>; baseUrl: string; transitionReferral: TransitionReferral };

type TaskBody = {
  resourceType?: unknown;
  id?: unknown;
  status?: unknown;
  statusReason?: { text?: unknown };
  output?: Array<{ valueString?: unknown }>;
};

const ISSUE_FOR_STATUS: Record<number, IssueCode> = {
  403: "forbidden",
  404: "not-found",
  429: "throttled",
};

/** The FHIR status of what a domain function threw (`data(message, { status })`), or null. */
function domainRefusal(error: unknown): { status: number; message: string } | null {
  const init = (error as { init?: { status?: number } } | null)?.init;
  if (!init?.status) return null;
  const body = (error as { data?: unknown }).data;
  return { status: init.status, message: typeof body === "string" ? body : "Refused" };
}

function versionHeaders(r: ExchangedReferral): Record<string, string> {
  return { ETag: etagOf(r.status), "Last-Modified": lastUpdatedOf(r).toUTCString() };
}

/** The transition of the status table that takes a referral in `from` to the Task status `target`. */
function transitionTo(from: ReferralStatus, target: string): Transition | null {
  const found = (Object.keys(TRANSITIONS) as Transition[]).find(
    (t) => TRANSITIONS[t].from === from && TASK_STATUS[TRANSITIONS[t].to].status === target,
  );
  return found ?? null;
}

export function taskUpdateRoutes(app: Hono<FhirEnv>, options: Options) {
  const { baseUrl } = options;

  /** The Task the client may update, at the version its If-Match names (412 otherwise). */
  async function current(c: Context<FhirEnv>, db: Db, id: string): Promise<ExchangedReferral> {
    const client = c.get("client");
    if (client.facilityId === null) {
      throw new FhirError(403, "forbidden", "The network's client reads referrals; it cannot update them.");
    }
    need(client, "Task", "u");
    const referral = await referralForClient(db, client, id);
    if (!referral) throw new FhirError(404, "not-found", `Task/${id} is not known.`);
    const ifMatch = c.req.header("if-match");
    const wanted = versionFromIfMatch(ifMatch);
    if (!ifMatch || !wanted) {
      throw new FhirError(428, "required", 'Send If-Match with the version you read (its ETag, e.g. W/"1").');
    }
    if (wanted !== versionOf(referral.status)) {
      throw new FhirError(412, "conflict", `The Task has changed since version ${wanted}: read it again.`);
    }
    return referral;
  }

  async function update(c: Context<FhirEnv>, db: Db, referral: ExchangedReferral, body: TaskBody) {
    if (body.output !== undefined && !Array.isArray(body.output)) {
      throw new FhirError(400, "invalid", "Task.output is a list.");
    }
    const target = typeof body.status === "string" ? body.status : "";
    if (target === TASK_STATUS[referral.status].status) {
      // Nothing to change: the Task as it is (an update that changes nothing is not a new version).
      return fhirJson(c, taskOf(referral, baseUrl), 200, versionHeaders(referral));
    }
    const transition = transitionTo(referral.status, target);
    if (!transition) {
      throw new FhirError(
        422,
        "processing",
        `A Task that is ${TASK_STATUS[referral.status].status} cannot become ${target || "(no status)"}.`,
      );
    }
    try {
      await options.transitionReferral(db, c.get("client"), referral.id, transition, {
        reason: body.statusReason?.text,
        outcome: body.output?.find((o) => typeof o?.valueString === "string")?.valueString,
      });
    } catch (error) {
      const refusal = domainRefusal(error);
      // Someone else moved it between our read and the update: the version asked for is gone.
      if (refusal?.status === 409) throw new FhirError(412, "conflict", refusal.message);
      // A reason or an outcome missing or too long: the web form's own words.
      if (refusal?.status === 400) throw new FhirError(422, "required", refusal.message);
      // The others (403, 404, 429) as the domain said them. Hono hands only Errors to onError.
      if (refusal) {
        throw new FhirError(refusal.status, ISSUE_FOR_STATUS[refusal.status] ?? "processing", refusal.message);
      }
      throw error;
    }
    const updated = await referralForClient(db, c.get("client"), referral.id);
    if (!updated) throw new FhirError(404, "not-found", `Task/${referral.id} is not known.`);
    return fhirJson(c, taskOf(updated, baseUrl), 200, versionHeaders(updated));
  }

  app.put("/Task/:id", async (c) => {
    const db = await options.db();
    const id = c.req.param("id");
    const body = (await jsonBody(c)) as TaskBody;
    if (body.resourceType !== "Task") throw new FhirError(400, "invalid", "The body must be a Task.");
    if (body.id !== id) throw new FhirError(400, "invalid", "The Task's id must be the id in the address.");
    return update(c, db, await current(c, db, id), body);
  });

  app.patch("/Task/:id", async (c) => {
    const db = await options.db();
    const id = c.req.param("id");
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (!type.startsWith("application/json-patch+json")) {
      throw new FhirError(415, "not-supported", "Send a JSON Patch as application/json-patch+json.");
    }
    let operations: unknown;
    try {
      operations = JSON.parse(await c.req.text());
    } catch {
      throw new FhirError(400, "invalid", "The body is not JSON.");
    }
    if (!Array.isArray(operations)) throw new FhirError(400, "invalid", "A JSON Patch is a list of operations.");
    const referral = await current(c, db, id);
    let patched: TaskBody;
    try {
      patched = jsonpatch.applyPatch(taskOf(referral, baseUrl), operations, true, false, true).newDocument as TaskBody;
    } catch (error) {
      const name = (error as { name?: string }).name;
      // A `test` that fails: the Task is not what the client expected.
      if (name === "TEST_OPERATION_FAILED") {
        throw new FhirError(422, "processing", "A test operation of the patch failed: read the Task again.");
      }
      throw new FhirError(400, "invalid", `The patch cannot be applied: ${(error as Error).message.split("\n")[0]}`);
    }
    if (patched.resourceType !== "Task" || patched.id !== id) {
      throw new FhirError(422, "processing", "A patch may not change the Task's resourceType or id.");
    }
    return update(c, db, referral, patched);
  });
}
