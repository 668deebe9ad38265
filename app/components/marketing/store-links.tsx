import type { AppDescriptor } from "~/content/apps";
import { useT } from "~/i18n/react";

const STORE_LINK =
  "inline-flex min-h-12 items-center gap-2.5 rounded-xl bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-black";

/** Google Play and App Store links (plain outbound links, spec section 7), opening in a new tab. */
export function StoreLinks({ app }: { app: AppDescriptor }) {
  const t = useT();
  return (
    <ul aria-label={t("apps.download", { app: app.name })} className="flex flex-wrap gap-3">
      <li>
        <a href={app.googlePlayUrl} target="_blank" rel="noopener noreferrer" className={STORE_LINK}>
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M4 2.5v19l10.2-9.5z" opacity=".85" />
            <path fill="currentColor" d="m14.2 12 3.1 2.9L21 12.8a1 1 0 0 0 0-1.6l-3.7-2.1z" />
          </svg>
          <span className="flex flex-col text-left leading-tight">
            <span className="text-[11px] font-normal">{t("Get it on")}</span>
            <span className="text-base">Google Play</span>
          </span>
          <span className="sr-only"> {t("(opens in a new tab)")}</span>
        </a>
      </li>
      <li>
        <a href={app.appStoreUrl} target="_blank" rel="noopener noreferrer" className={STORE_LINK}>
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.4 2-3.5 2-3.6a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.8-.8-3-.8A4.5 4.5 0 0 0 4.7 9.5c-1.6 2.8-.4 6.9 1.1 9.1.8 1.1 1.7 2.3 2.8 2.3s1.6-.7 3-.7 1.8.7 3 .7 2-1.1 2.7-2.2a9.8 9.8 0 0 0 1.2-2.6 3.9 3.9 0 0 1-2.1-3.5M14.2 5.5A4 4 0 0 0 15.1 2.6a4.1 4.1 0 0 0-2.7 1.4 3.8 3.8 0 0 0-1 2.8 3.4 3.4 0 0 0 2.8-1.3"
            />
          </svg>
          <span className="flex flex-col text-left leading-tight">
            <span className="text-[11px] font-normal">{t("Download on the")}</span>
            <span className="text-base">App Store</span>
          </span>
          <span className="sr-only"> {t("(opens in a new tab)")}</span>
        </a>
      </li>
    </ul>
  );
}
