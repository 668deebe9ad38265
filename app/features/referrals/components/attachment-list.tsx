import { ROLE_LABELS } from "~/auth/roles";
import { useLocale, useT } from "~/i18n/react";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { attachmentHref } from "../attachment-href";
import { ATTACHMENT_TYPE_LABELS, formatFileSize } from "../attachment-rules";
import type { ReferralWorkspace } from "../workspace.server";

/** The referral's attached files (at most 10): each a download, with its type, size, who attached it and when. */
export function AttachmentList({ referral }: { referral: ReferralWorkspace }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="attachments-heading" className="card p-5">
      <h2 id="attachments-heading" className="text-lg font-bold">
        {t("referral.attachments.heading", { count: referral.attachments.length })}
      </h2>
      {referral.attachments.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t("No files are attached.")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {referral.attachments.map((a) => (
            <li key={a.id} className="py-2">
              <a
                href={attachmentHref(referral.referralNumber, a.id)}
                download={a.fileName}
                className="font-medium break-all text-brand-700 underline underline-offset-2"
              >
                {a.fileName}
              </a>
              <span className="block text-sm text-muted">
                {ATTACHMENT_TYPE_LABELS[a.contentType]} · {formatFileSize(a.sizeBytes, locale)} ·{" "}
                {a.uploader ? `${a.uploader.name} (${t(ROLE_LABELS[a.uploader.role])})` : t("A former user")} ·{" "}
                {formatAccraDateTime(a.createdAt, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
