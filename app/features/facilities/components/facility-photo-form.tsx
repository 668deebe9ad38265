import { Form } from "react-router";
import { FileInput } from "~/components/forms/file-input";
import { SubmitButton } from "~/components/forms/form-parts";
import { useIsSubmitting } from "~/components/forms/schema-form";
import { useT } from "~/i18n/react";

const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/** The facility's photo: one image, posted as multipart (the action reads it as it arrives). */
export function FacilityPhotoForm({ action, error, hasPhoto }: { action: string; error?: string; hasPhoto: boolean }) {
  const busy = useIsSubmitting({ formAction: action, intent: "photo" });
  const t = useT();
  return (
    <section aria-labelledby="photo-title" className="card">
      <h2 id="photo-title" className="text-lg font-bold">
        {t("Photo")}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {hasPhoto
          ? t("Upload a new photo to replace the current one.")
          : t("Until a photo is uploaded, the drawing shows.")}{" "}
        {t("JPEG, PNG or WebP, at most 5 MB; it is cropped to 16:9.")}
      </p>
      <Form method="post" action={action} encType="multipart/form-data" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="photo" />
        {/* One photo a post (the editor's reader takes one part): no second "Take a photo" control. */}
        <FileInput
          id="facility-photo"
          name="photo"
          label={t("Photo file")}
          hint={t("JPEG, PNG or WebP, at most 5 MB.")}
          accept={PHOTO_ACCEPT}
          photo={false}
          error={error}
        />
        <SubmitButton busy={busy} busyLabel={t("Uploading...")} className="btn-secondary">
          {t("Upload photo")}
        </SubmitButton>
      </Form>
    </section>
  );
}
