import { Icon } from "~/components/marketing/icon";
import { MoreList } from "~/components/marketing/more-list";
import { Section } from "~/components/marketing/section";
import { StoreLinks } from "~/components/marketing/store-links";
import { APPS, type AppDescriptor } from "~/content/apps";
import { APPS_HERO, APPS_META, WHY_DOWNLOAD } from "~/content/apps-page";
import { expansionLabel } from "~/content/network-figures";
import { useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/apps";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { ...APPS_META, path: "/apps" });

/** Nothing here needs JavaScript: the #qurbook / #qurpro anchors are plain fragments. */
export const handle: RouteHandle = { hydrate: false, static: true };

export default function Apps() {
  const t = useT();
  return (
    <main id="main">
      <section className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-10 sm:pt-16">
        <div className="container-page">
          <p className="text-sm font-semibold text-brand-700">{t(APPS_HERO.eyebrow)}</p>
          <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t(APPS_HERO.title)}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-muted">{t(APPS_HERO.intro)}</p>
          <nav aria-label={t("Apps on this page")} className="mt-6">
            <ul className="flex flex-col gap-3 sm:flex-row">
              {APPS.map((app, i) => (
                <li key={app.id}>
                  <a href={`#${app.id}`} className={i === 0 ? "btn-primary w-full" : "btn-secondary w-full"}>
                    {t(`${app.name} for ${app.targetAudience.toLowerCase()}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      {APPS.map((app, i) => (
        <AppSection key={app.id} app={app} tint={i % 2 === 1} />
      ))}

      <Section id="why-download" title="Why Download" intro="What both apps have in common." tone="tint">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {WHY_DOWNLOAD.map((card) => (
            <li key={card.title} className="card">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={card.icon} />
              </span>
              <h3 className="mt-3 text-lg font-bold">{t(card.title)}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{t(card.description)}</p>
            </li>
          ))}
        </ul>
      </Section>
    </main>
  );
}

function AppSection({ app, tint }: { app: AppDescriptor; tint: boolean }) {
  const t = useT();
  const others = app.countries.filter((c) => c !== app.primaryCountry).map((c) => t(c));
  return (
    <section
      id={app.id}
      aria-labelledby={`${app.id}-title`}
      className={`py-14 sm:py-20 ${tint ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="container-page grid gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-brand-700">{t(`For ${app.targetAudience.toLowerCase()}`)}</p>
          <h2 id={`${app.id}-title`} className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {app.name}
          </h2>
          <p className="mt-2 text-xl font-medium text-ink">{t(app.tagline)}</p>
          <p className="mt-4 leading-7 text-muted">{t(app.description)}</p>

          <dl className="mt-6 grid grid-cols-3 gap-3">
            {app.stats.map((s) => (
              <div key={s.label} className="flex flex-col rounded-xl border border-slate-200 bg-white p-3 text-center">
                <dt className="order-2 text-xs leading-5 text-muted">{t(s.label)}</dt>
                <dd className="order-1 text-xl font-extrabold text-brand-700 sm:text-2xl">{t(s.value)}</dd>
              </div>
            ))}
          </dl>

          <div className="mt-6">
            <StoreLinks app={app} />
          </div>

          <dl className="mt-6 space-y-3 text-sm">
            <div>
              <dt className="font-semibold">{t("Audience")}</dt>
              <dd className="text-muted">{t(app.targetAudience)}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("Price")}</dt>
              <dd className="text-muted">{app.isFree ? t("Free to download and use") : t("Paid")}</dd>
            </div>
            <div>
              <dt className="font-semibold">{t("Available now in")}</dt>
              <dd className="text-muted">{t(app.primaryCountry)}</dd>
            </div>
            <div>
              {/* A planned year that has passed is not a promise. */}
              <dt className="mb-1 font-semibold">{t(expansionLabel())}</dt>
              <dd>
                <MoreList items={others} label={t("apps.otherCountries", { app: app.name })} />
              </dd>
            </div>
          </dl>
        </div>

        <div>
          <h3 className="text-lg font-bold">{t("Key features")}</h3>
          <ul className="mt-4 space-y-3">
            {app.features.map((f) => (
              <li key={f.title} className="card flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={f.icon} />
                </span>
                <div>
                  <h4 className="font-bold">{t(f.title)}</h4>
                  <p className="mt-1 text-sm leading-6 text-muted">{t(f.description)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
