import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { data, Form, isRouteErrorResponse, Link } from "react-router";
import { getActor } from "~/auth/actor.server";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen } from "~/auth/components/gate-screens";
import { loadGated } from "~/auth/gate-loader.server";
import { FormNotice, SubmitButton } from "~/components/forms/form-parts";
import { fieldErrorsOf, parseSubmission, useIsSubmitting } from "~/components/forms/schema-form";
import { NotFound } from "~/components/layout/not-found";
import type { ToastMessage } from "~/components/ui/toaster";
import { db } from "~/db/database.server";
import { FacilityCard } from "~/features/facilities/components/facility-card";
import {
  FacilityForm,
  type FacilityFormAnswer,
  facilityFormValues,
} from "~/features/facilities/components/facility-form";
import { ReportList } from "~/features/facilities/components/report-list";
import {
  facilityForEditing,
  PHOTO_MESSAGES,
  resolveReport,
  setFacilityActive,
  updateFacility,
  uploadFacilityPhoto,
} from "~/features/facilities/facility-admin.server";
import { MAX_PHOTO_BYTES } from "~/features/facilities/facility-photo";
import { facilitySchema, readFacilityForm } from "~/features/facilities/facility-schema";
import { redirectWithToast } from "~/lib/flash.server";
import { refusalOf } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/facility-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Edit Facility",
    description: "A facility's directory card and public profile.",
    noindex: true,
  });

/**
 * A facility's editor (issue 17): its system administrators and its own facility administrators.
 * A facility administrator of another facility gets 403; an unknown id 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const database = await db();
  return loadGated(database, request, "facility-editor", (actor) => facilityForEditing(database, actor, params.id));
}

const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";
const failed = (title: string, description: string): ToastMessage => ({ title, description, variant: "destructive" });

type Answer = FacilityFormAnswer & { photoError?: string };

/** The photo's form is multipart (one image of at most 5 MB, streamed: the parser stops at the limit). */
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
        maxFileSize: MAX_PHOTO_BYTES,
        maxParts: 4,
        maxHeaderSize: 8 * 1024,
        maxTotalSize: MAX_PHOTO_BYTES + 64 * 1024,
      },
      (upload) => (upload.fieldName === "photo" ? upload : null),
    );
    return { form, refused: null };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { form: new FormData(), refused: PHOTO_MESSAGES.tooLarge };
    }
    const notUtf8 =
      error instanceof TypeError && (error as { code?: unknown }).code === "ERR_ENCODING_INVALID_ENCODED_DATA";
    if (error instanceof FormDataParseError || error instanceof MultipartParseError || notUtf8) {
      return { form: new FormData(), refused: PHOTO_MESSAGES.unreadable };
    }
    throw error;
  }
}

/** Save, photo, deactivate, reactivate, resolve a report: each checked by its domain function. */
export async function action({ request, params }: Route.ActionArgs) {
  const database = await db();
  const { form, refused } = await readForm(request);
  const actor = await getActor(database, request);
  const path = `/dashboard/facilities/${params.id}`;
  const intent = String(form.get("intent") ?? (refused ? "photo" : ""));
  try {
    switch (intent) {
      case "save": {
        const fields = readFacilityForm(form);
        const result = await updateFacility(database, actor, params.id, fields);
        const submission = parseSubmission(form, facilitySchema);
        if (!result.ok) {
          return data<Answer>(
            {
              intent,
              result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
              toast: failed("Could not save", Object.values(result.fieldErrors)[0] ?? "Please check the form"),
            },
            { status: 400 },
          );
        }
        throw await redirectWithToast(path, {
          title: "Facility Saved",
          description: result.changed.length
            ? `Changed: ${result.changed.join(", ")}. The public profile shows it now.`
            : "Nothing had changed.",
          variant: "success",
        });
      }
      case "photo": {
        const file = form.get("photo");
        const bytes = refused
          ? null
          : file instanceof File && file.size > 0
            ? new Uint8Array(await file.arrayBuffer())
            : null;
        const result = refused
          ? ({ ok: false, message: refused } as const)
          : await uploadFacilityPhoto(database, actor, params.id, bytes);
        if (!result.ok) {
          return data<Answer>(
            {
              intent,
              result: { status: "error", error: { photo: [result.message] } },
              photoError: result.message,
              toast: failed("Photo not uploaded", result.message),
            },
            { status: refused === PHOTO_MESSAGES.tooLarge ? 413 : 400 },
          );
        }
        throw await redirectWithToast(path, {
          title: "Photo Uploaded",
          description: "The profile and the directory card show the new photo.",
          variant: "success",
        });
      }
      case "deactivate":
      case "reactivate": {
        await setFacilityActive(database, actor, params.id, intent === "reactivate");
        throw await redirectWithToast(path, {
          title: intent === "reactivate" ? "Facility Reactivated" : "Facility Deactivated",
          description:
            intent === "reactivate"
              ? "It is back in the directory and the referral form."
              : "It has left the directory, the sitemap and the referral form. Its referrals keep it.",
          variant: "success",
        });
      }
      case "resolve": {
        await resolveReport(database, actor, String(form.get("reportId") ?? ""));
        throw await redirectWithToast(path, {
          title: "Report Resolved",
          description: "The report has left the queue.",
          variant: "success",
        });
      }
      default:
        return data<Answer>(
          { intent, result: { status: "error", error: {} }, toast: failed("Error", "Unknown action") },
          { status: 400 },
        );
    }
  } catch (caught) {
    const refusal = refusalOf(caught);
    if (!refusal) throw caught;
    return data<Answer>(
      {
        intent,
        result: { status: "error", error: { "": [refusal.message] } },
        toast: failed("Error", refusal.message),
      },
      { status: refusal.status },
    );
  }
}

export default function FacilityEditorPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { gate, data: page } = loaderData;
  const path = `/dashboard/facilities/${params.id}`;
  return (
    <GateScreen gate={gate}>
      {gate.kind === "allowed" && page ? (
        <DashboardShell title={page.facility.name} actor={gate.actor}>
          <FormNotice answer={actionData && actionData.intent !== "save" ? actionData : undefined} />
          <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
            <div className="min-w-0 space-y-8">
              <p className="text-muted">
                {page.facility.isActive ? (
                  <>
                    Public profile:{" "}
                    <a href={`/facility/${page.facility.slug}`} className="font-semibold text-brand-700 underline">
                      /facility/{page.facility.slug}
                    </a>
                  </>
                ) : (
                  <strong className="text-red-800">
                    Deactivated: not in the directory, the sitemap or the referral form.
                  </strong>
                )}
                {page.canVerify ? (
                  <>
                    {" · "}
                    <Link to="/dashboard/system-admin/facilities" className="text-brand-700 underline">
                      All facilities
                    </Link>
                  </>
                ) : null}
              </p>
              <FacilityForm
                action={path}
                answer={actionData}
                initial={facilityFormValues(page.facility)}
                categories={page.facility.serviceCategories}
                canVerify={page.canVerify}
                submitLabel="Save changes"
                busyLabel="Saving..."
              />
            </div>
            <aside className="space-y-8">
              <section aria-labelledby="preview-title">
                <h2 id="preview-title" className="mb-3 text-lg font-bold">
                  As the directory shows it
                </h2>
                <FacilityCard facility={page.facility} />
              </section>
              <PhotoForm
                action={path}
                error={actionData?.intent === "photo" ? actionData.photoError : undefined}
                hasPhoto={!!page.facility.photoId}
              />
              <section aria-labelledby="reports-title" className="card">
                <h2 id="reports-title" className="text-lg font-bold">
                  Open reports ({page.reports.length})
                </h2>
                <ReportList reports={page.reports} action={path} showFacility={false} />
              </section>
              {page.canVerify ? <ActiveForm action={path} active={page.facility.isActive} /> : null}
            </aside>
          </div>
        </DashboardShell>
      ) : null}
    </GateScreen>
  );
}

function PhotoForm({ action, error, hasPhoto }: { action: string; error?: string; hasPhoto: boolean }) {
  const busy = useIsSubmitting({ formAction: action, intent: "photo" });
  return (
    <section aria-labelledby="photo-title" className="card">
      <h2 id="photo-title" className="text-lg font-bold">
        Photo
      </h2>
      <p className="mt-1 text-sm text-muted">
        {hasPhoto ? "Upload a new photo to replace the current one." : "Until a photo is uploaded, the drawing shows."}{" "}
        JPEG, PNG or WebP, at most 5 MB; it is cropped to 16:9.
      </p>
      <Form method="post" action={action} encType="multipart/form-data" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="photo" />
        <label htmlFor="facility-photo" className="field-label">
          Photo file
        </label>
        <input
          id="facility-photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "facility-photo-error" : undefined}
          className="block w-full text-sm"
        />
        {error ? (
          <p id="facility-photo-error" className="field-error">
            {error}
          </p>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Uploading..." className="btn-secondary">
          Upload photo
        </SubmitButton>
      </Form>
    </section>
  );
}

function ActiveForm({ action, active }: { action: string; active: boolean }) {
  const intent = active ? "deactivate" : "reactivate";
  const busy = useIsSubmitting({ formAction: action, intent });
  return (
    <section aria-labelledby="status-title" className="card">
      <h2 id="status-title" className="text-lg font-bold">
        {active ? "Deactivate" : "Reactivate"}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {active
          ? "A deactivated facility leaves the directory, the sitemap and the referral form, and its profile answers “Facility Not Found”. Its existing referrals keep it."
          : "Reactivating puts the facility back in the directory, the sitemap and the referral form."}
      </p>
      <Form method="post" action={action} className="mt-4">
        <SubmitButton
          busy={busy}
          busyLabel={active ? "Deactivating..." : "Reactivating..."}
          className={active ? "btn border border-red-700 text-red-800 hover:bg-red-50" : "btn-secondary"}
          name="intent"
          value={intent}
        >
          {active ? "Deactivate facility" : "Reactivate facility"}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data
      ? error.data
      : "We could not load this facility. Please try again in a moment.";
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main id="main" className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{denied ? "Access Denied" : "Error Loading Facility"}</h1>
      <p role="alert" className="mt-3 text-muted">
        {message}
      </p>
    </main>
  );
}
