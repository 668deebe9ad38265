import { Link } from "react-router";
import type { AppDescriptor } from "~/content/apps";
import { useLocalePath, useT } from "~/i18n/react";
import { Icon } from "./icon";

/** Home page summary of an app: its first 3 features (spec section 9) and a link to its section on /apps. */
export function AppCard({ app }: { app: AppDescriptor }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <article className="card flex h-full flex-col gap-4 p-6">
      <div>
        <p className="text-sm font-semibold text-brand-700">{t(`For ${app.targetAudience.toLowerCase()}`)}</p>
        <h3 className="mt-1 text-2xl font-bold">{app.name}</h3>
        <p className="mt-1 text-muted">{t(app.tagline)}</p>
      </div>
      <ul className="space-y-3">
        {app.features.slice(0, 3).map((feature) => (
          <li key={feature.title} className="flex gap-3">
            <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon name={feature.icon} />
            </span>
            <span>
              <span className="block font-semibold">{t(feature.title)}</span>
              <span className="block text-sm leading-6 text-muted">{t(feature.description)}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
        <Link to={to(`/apps#${app.id}`)} className="btn-primary">
          {t("apps.learnMore", { app: app.name })}
        </Link>
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-bold text-brand-800">{t("Free")}</span>
      </div>
    </article>
  );
}
