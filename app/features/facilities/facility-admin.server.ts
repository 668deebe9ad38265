import { data } from "react-router";
import { type Actor, assertGate, type UserActor } from "~/auth/actor.server";
import { refuse } from "~/lib/refusal";

/*
 * Facilities managed in the product (decision 021). System administrators add, edit, deactivate and
 * reactivate any facility and verify licences; a facility administrator edits their own facility's
 * profile and photo, nothing else. Every rule is checked in this feature's server modules, whatever
 * posted the form: who may (here), the form's columns (facility-columns.server.ts), a name and its
 * address (facility-names.server.ts), adding (facility-create.server.ts), editing
 * (facility-edit.server.ts), deactivating and reactivating (facility-activation.server.ts), photos
 * (facility-photos.server.ts), the editors' reads (facility-admin-reads.server.ts) and reports of
 * wrong information (facility-reports.server.ts).
 */

/** The editor's answer for a refused input: each field's first message. */
export type FacilityFieldErrors = Record<string, string>;
export type SaveResult =
  | { ok: true; id: string; slug: string; changed: string[]; verificationCleared?: boolean }
  | { ok: false; fieldErrors: FacilityFieldErrors };

export const notFound = () => data("Facility Not Found", { status: 404 });
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may edit facility `id`: an approved system administrator, or the approved administrator of that facility. */
export function assertCanEditFacility(actor: Actor, facilityId: string): UserActor {
  const editor = assertGate(actor, "facility-editor");
  if (editor.role === "system_admin" || editor.facilityId === facilityId) return editor;
  refuse(403, "You can only edit your own facility.");
}

export const isSystemAdmin = (actor: UserActor) => actor.role === "system_admin";
