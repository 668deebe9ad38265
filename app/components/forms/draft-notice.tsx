import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/react";
import type { DraftState } from "~/lib/drafts";
import { useReveal } from "~/lib/reveal";

/** When the draft was saved, the page's language's way ("21 Nov 2026, 10:44"; "21 nov. 2026, 10:44"). */
const SAVED_AT: Record<Locale, Intl.DateTimeFormat> = {
  en: savedAtFormat("en"),
  fr: savedAtFormat("fr"),
};

function savedAtFormat(locale: Locale): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Accra",
  });
}

/**
 * What a form kept on this phone says (decision 027): the post the network lost ("No connection. Your
 * referral is saved on this phone; ..."), or that the form was filled from a draft, with a way to
 * throw the draft away.
 */
export function DraftNotice({
  draft,
  networkFailed,
  offlineMessage,
  failure,
}: {
  draft: DraftState;
  /** The last post of this form failed for the network (this page's answer). */
  networkFailed: boolean;
  /** The plain words for this form, e.g. "No connection. Your referral is saved on this phone; send it when you are back online." */
  offlineMessage: string;
  /** The failed post's answer (new at each failure): the notice is scrolled to and focused. */
  failure?: unknown;
}) {
  const t = useT();
  const locale = useLocale();
  const notice = useReveal<HTMLDivElement>(networkFailed ? (failure ?? true) : null);
  if (networkFailed || draft.unsent) {
    return (
      <div ref={notice} role="alert" className="mb-4 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-ink">
        <p className="font-semibold">{offlineMessage}</p>
        {draft.restoredAt !== null ? <FilesNotKept names={draft.fileNames} /> : null}
      </div>
    );
  }
  if (draft.restoredAt === null) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <div className="flex-1">
        <p>{t("draft.restored", { savedAt: (SAVED_AT[locale] ?? SAVED_AT.en).format(draft.restoredAt) })}</p>
        <FilesNotKept names={draft.fileNames} />
      </div>
      <button type="button" className="btn-secondary" onClick={draft.discard}>
        {t("Discard draft")}
      </button>
    </div>
  );
}

/** A draft keeps no files (decision 030): the ones the form had are named, to be chosen again. */
function FilesNotKept({ names }: { names: string[] }) {
  const t = useT();
  if (names.length === 0) return null;
  return (
    <p className="mt-1 font-semibold">
      {t("draft.files-not-kept", { count: names.length })} <span className="break-all">{names.join(", ")}</span>.
    </p>
  );
}
