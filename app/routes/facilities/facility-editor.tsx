import { data, isRouteErrorResponse } from "react-router";
import * as z from "zod/mini";
import { DashboardShell } from "~/auth/components/dashboard-shell";
import { GateScreen, refusedGateOf } from "~/auth/components/gate-screens";
import { actorLocale, actorOf, allowedActor } from "~/auth/context.server";
import { FormNotice } from "~/components/forms/form-parts";
import type { ToastMessage } from "~/components/ui/toaster";
import { dbOf } from "~/db/context.server";
import { FacilityActiveForm } from "~/features/facilities/components/facility-active-form";
import { FacilityCard } from "~/features/facilities/components/facility-card";
import { FacilityEditorStatus } from "~/features/facilities/components/facility-editor-status";
import {
  FacilityForm,
  type FacilityFormAnswer,
  facilityFormValues,
} from "~/features/facilities/components/facility-form";
import { FacilityLoadError } from "~/features/facilities/components/facility-load-error";
import { FacilityPhotoForm } from "~/features/facilities/components/facility-photo-form";
import { ReportList } from "~/features/facilities/components/report-list";
import { facilityForEditing } from "~/features/facilities/facility-admin-reads.server";
import {
  FACILITY_EDITOR_INTENTS,
  REFUSED_TITLES,
  runFacilityEditorPost,
} from "~/features/facilities/facility-editor-post.server";
import { MAX_PHOTO_BYTES } from "~/features/facilities/facility-photo";
import { PHOTO_MESSAGES } from "~/features/facilities/facility-photos.server";
import { translator } from "~/i18n/i18n";
import { useT } from "~/i18n/react";
import { isNetworkFailure, keepDraftsOnNetworkFailure } from "~/lib/drafts";
import { redirectWithToast } from "~/lib/flash.server";
import { formAction, readForm } from "~/lib/form-action.server";
import { isMultipart, readMultipart } from "~/lib/multipart.server";
import { refusalOf, refuse } from "~/lib/refusal";
import { NotFound } from "~/shell/not-found";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Edit Facility",
    description: "A facility's directory card and public profile.",
    noindex: true,
  });

/**
 * A facility's editor (decision 021): its system administrators and its own facility administrators.
 * A facility administrator of another facility gets 403; an unknown id 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const actor = await allowedActor(context);
  return { actor, page: await facilityForEditing(dbOf(context), actor, params.id) };
}

const failed = (title: string, description: string): ToastMessage => ({ title, description, variant: "destructive" });

type Answer = FacilityFormAnswer & { ok?: boolean };
/** The domain functions check every value (the save with the form's schema, through parseOrRefuse). */
const POSTED = z.object({});

/**
 * The photo's form is multipart: one image of at most 5 MB, read as it arrives by the one multipart
 * reader (lib/multipart.server.ts), which stops at the limit.
 */
async function readEditorForm(request: Request): Promise<{ form: FormData; refused: string | null }> {
  if (!isMultipart(request)) return { form: await readForm(request), refused: null };
  try {
    const post = await readMultipart<File>(request, {
      limits: { files: 1, parts: 4, fields: 3, fieldSize: 64 * 1024, fileSize: MAX_PHOTO_BYTES },
      fileField: "photo",
      unreadable: PHOTO_MESSAGES.unreadable,
      tooLarge: PHOTO_MESSAGES.tooLarge,
      async onFile({ fileName, stream, tooLarge }) {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk);
        if (tooLarge()) refuse(413, PHOTO_MESSAGES.tooLarge);
        return new File([new Uint8Array(Buffer.concat(chunks))], fileName);
      },
      discard: async () => {},
    });
    const form = new FormData();
    for (const [name, value] of post.fields) form.append(name, value);
    if (post.file) form.append("photo", post.file);
    return { form, refused: null };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { form: new FormData(), refused: refusal.message };
  }
}

/** Save, photo, deactivate, reactivate, resolve a report: each checked by its domain function. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const { form, refused } = await readEditorForm(request);
  const actor = await actorOf(context);
  const t = translator(await actorLocale(context));
  const path = `/dashboard/facilities/${params.id}`;
  const posted = String(form.get("intent") ?? (refused ? "photo" : ""));
  const intent = FACILITY_EDITOR_INTENTS.find((i) => i === posted);
  if (!intent) {
    return data<Answer>(
      { intent: posted, result: { status: "error", error: {} }, toast: failed("Error", "Unknown action") },
      { status: 400 },
    );
  }
  // The refusal's status names the toast (a refused value, or something else: not found, not allowed).
  let status = 400;
  const fields = new FormData();
  for (const [name, value] of form) if (typeof value === "string") fields.append(name, value);
  return formAction(fields, {
    schema: POSTED,
    run: () =>
      runFacilityEditorPost(db, actor, params.id, intent, form, refused, t).catch((error: unknown) => {
        status = refusalOf(error)?.status ?? status;
        throw error;
      }),
    done: (toast) => redirectWithToast(path, toast),
    refused: (message) => failed(status === 400 || status === 413 ? REFUSED_TITLES[intent] : "Error", message),
    extra: { intent },
  });
}

/** In the browser: a save the network loses keeps the form and its draft (decision 027); a photo may take its time. */
const sendOrKeep = keepDraftsOnNetworkFailure({
  timeoutMs: (posted) => (posted?.get("intent") === "photo" ? undefined : 30_000),
});
export async function clientAction(args: Route.ClientActionArgs) {
  return sendOrKeep(args);
}

export default function FacilityEditorPage({ loaderData, actionData: posted, params }: Route.ComponentProps) {
  const { actor, page } = loaderData;
  const networkFailed = isNetworkFailure(posted);
  const actionData: Answer | undefined = networkFailed ? undefined : posted;
  const path = `/dashboard/facilities/${params.id}`;
  const t = useT();
  return (
    <DashboardShell title={page.facility.name} actor={actor}>
      <FormNotice answer={actionData && actionData.intent !== "save" ? actionData : undefined} />
      <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-8">
          <FacilityEditorStatus
            isActive={page.facility.isActive}
            slug={page.facility.slug}
            canVerify={page.canVerify}
          />
          <FacilityForm
            action={path}
            answer={actionData}
            initial={facilityFormValues(page.facility)}
            categories={page.facility.serviceCategories}
            canVerify={page.canVerify}
            submitLabel={t("Save changes")}
            busyLabel={t("Saving...")}
            draft={{ user: actor.id, form: `facility:${params.id}` }}
            networkFailed={networkFailed}
          />
        </div>
        <aside className="space-y-8">
          <section aria-labelledby="preview-title">
            <h2 id="preview-title" className="mb-3 text-lg font-bold">
              {t("As the directory shows it")}
            </h2>
            <FacilityCard facility={page.facility} />
          </section>
          <FacilityPhotoForm
            action={path}
            error={actionData?.intent === "photo" ? (actionData.result?.error?.photo?.[0] ?? undefined) : undefined}
            hasPhoto={!!page.facility.photoId}
          />
          <section aria-labelledby="reports-title" className="card">
            <h2 id="reports-title" className="text-lg font-bold">
              {t("facilityEditor.openReports", { count: page.reports.length })}
            </h2>
            <ReportList reports={page.reports} action={path} showFacility={false} />
          </section>
          {page.canVerify ? <FacilityActiveForm action={path} active={page.facility.isActive} /> : null}
        </aside>
      </div>
    </DashboardShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The facility editors' gated layout refused the visitor (allowedActor in the loader).
  const gate = refusedGateOf(error);
  if (gate) return <GateScreen gate={gate} />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <FacilityLoadError error={error} />;
}
