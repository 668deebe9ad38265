import type { Actor } from "~/auth/actor";
import type { ToastMessage } from "~/components/ui/toaster";
import type { Db } from "~/db/client.server";
import type { Translate } from "~/i18n/i18n";
import { setFacilityActive } from "./facility-activation.server";
import { updateFacility } from "./facility-edit.server";
import { PHOTO_MESSAGES, refusePhoto, uploadFacilityPhoto } from "./facility-photos.server";
import { resolveReport } from "./facility-reports.server";
import { readFacilityForm } from "./facility-schema";

/*
 * The facility editor's posts (decision 021): save, photo, deactivate, reactivate, resolve a report.
 * Each is one domain call, which checks who may and every value (the save with the form's schema,
 * through parseOrRefuse) and refuses by throwing; the route answers through formAction.
 */

export const FACILITY_EDITOR_INTENTS = ["save", "photo", "deactivate", "reactivate", "resolve"] as const;
export type FacilityEditorIntent = (typeof FACILITY_EDITOR_INTENTS)[number];

/** The toast's title for a refused value (400; 413 for a photo past the limit); other refusals say "Error". */
export const REFUSED_TITLES: Record<FacilityEditorIntent, string> = {
  save: "Could not save",
  photo: "Photo not uploaded",
  deactivate: "Error",
  reactivate: "Error",
  resolve: "Error",
};

const saved = (title: string, description: string): ToastMessage => ({ title, description, variant: "success" });

/**
 * Carries out one post: its success toast. `unreadUpload` is the upload reader's refusal of the
 * photo (past the size limit, or not a readable form), refused here as the photo's message. `t`
 * writes the toast's list of changes in the editor's language (the other texts have no values:
 * the toast translates them where it shows them).
 */
export async function runFacilityEditorPost(
  db: Db,
  actor: Actor,
  facilityId: string,
  intent: FacilityEditorIntent,
  form: FormData,
  unreadUpload: string | null,
  t: Translate,
): Promise<ToastMessage> {
  switch (intent) {
    case "save": {
      const { changed } = await updateFacility(db, actor, facilityId, readFacilityForm(form));
      return saved(
        "Facility Saved",
        changed.length
          ? t("facilityEditor.changed", {
              fields: changed.map((name) => t(`facilityEditor.field.${name.replaceAll(" ", "_")}`)).join(", "),
            })
          : "Nothing had changed.",
      );
    }
    case "photo": {
      if (unreadUpload) refusePhoto(unreadUpload, unreadUpload === PHOTO_MESSAGES.tooLarge ? 413 : 400);
      const file = form.get("photo");
      const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
      await uploadFacilityPhoto(db, actor, facilityId, bytes);
      return saved("Photo Uploaded", "The profile and the directory card show the new photo.");
    }
    case "resolve":
      await resolveReport(db, actor, String(form.get("reportId") ?? ""));
      return saved("Report Resolved", "The report has left the queue.");
    default:
      await setFacilityActive(db, actor, facilityId, intent === "reactivate");
      return intent === "reactivate"
        ? saved("Facility Reactivated", "It is back in the directory and the referral form.")
        : saved(
            "Facility Deactivated",
            "It has left the directory, the sitemap and the referral form. Its referrals keep it.",
          );
  }
}
