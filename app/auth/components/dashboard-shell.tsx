import type { ReactNode } from "react";
import { useT } from "~/i18n/react";
import type { UserActor } from "../actor";
import { ROLE_LABELS } from "../roles";

/**
 * The signed-in frame of a dashboard page: its title (in the page's language already), who is
 * signed in, and the page's content.
 */
export function DashboardShell({ title, actor, children }: { title: string; actor: UserActor; children?: ReactNode }) {
  const t = useT();
  return (
    <main id="main" className="container-page py-10">
      <p className="text-sm font-semibold text-brand-700">{t(ROLE_LABELS[actor.role])}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-2 text-muted">
        {t("Welcome,")} <span className="font-semibold text-ink">{actor.fullName}</span>.
      </p>
      {children ? <div className="mt-8">{children}</div> : null}
    </main>
  );
}
