import { AppCard } from "~/components/marketing/app-card";
import { CtaBand } from "~/components/marketing/cta-band";
import { HomeHero } from "~/components/marketing/home-hero";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import { Section } from "~/components/marketing/section";
import { APPS } from "~/content/apps";
import {
  APPS_SECTION,
  CLOSING,
  facilitiesStat,
  HOME_META,
  HUBS_SECTION,
  hubsStat,
  JOURNEY,
  STATS,
  TECHNOLOGY,
  VALUE,
} from "~/content/home";
import { toHubSummary } from "~/content/hubs";
import { dbOf } from "~/db/context.server";
import { networkFigures } from "~/features/facilities/network-figures.server";
import { listHubs } from "~/features/hubs/hubs.server";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, HOME_META);

/**
 * Nothing on the home page needs JavaScript. It is kept while the hubs' and the facilities'
 * versions hold: it lists hubs and counts facilities.
 */
export const handle: RouteHandle = { hydrate: false, versionedBy: ["facilities", "hubs"] };

/** The hubs (the first six, and their count) and the facility count come from the database (decision 021). */
export async function loader({ context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const [hubs, figures] = await Promise.all([listHubs(database), networkFigures(database)]);
  return {
    hubs: hubs.slice(0, 6).map(toHubSummary),
    stats: [facilitiesStat(figures), ...STATS.items, hubsStat(hubs)],
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  return (
    <main id="main">
      <HomeHero />

      <Section id="journey" title={JOURNEY.title} intro={JOURNEY.intro}>
        <ol className="grid gap-4 md:grid-cols-5">
          {JOURNEY.steps.map((step, i) => (
            <li key={step.title} className="card">
              <span
                className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 font-bold">
                <span className="sr-only">{t("home.step", { step: i + 1 })} </span>
                {t(step.title)}
              </h3>
              <p className="mt-1 text-sm leading-6 text-muted">{t(step.description)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="value" title={VALUE.title} tone="tint">
        <div className="grid gap-4 md:grid-cols-3">
          {VALUE.columns.map((col) => (
            <div key={col.title} className="card">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={col.icon} />
              </span>
              <h3 className="mt-3 text-lg font-bold">{t(col.title)}</h3>
              <ul className="mt-3 space-y-2">
                {col.points.map((p) => (
                  <li key={p} className="flex gap-2 text-sm leading-6 text-muted">
                    <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
                    {t(p)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Section>

      <Section id="stats" title={STATS.title} intro={STATS.intro}>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((s) => (
            <div key={s.label.key} className="card flex flex-col">
              <dt className="order-2 mt-1 font-semibold">{t(s.label.key, s.label.values)}</dt>
              <dd className="order-1 text-3xl font-extrabold text-brand-700 sm:text-4xl">
                {typeof s.value === "number" ? s.value.toLocaleString(INTL_LOCALE[locale]) : t(s.value)}
              </dd>
              <dd className="order-3 mt-1 text-sm text-muted">{t(s.note.key, s.note.values)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <span className="block text-3xl font-extrabold sm:text-4xl">{t(STATS.problem.value)}</span>
          <span className="mt-1 block text-brand-100">{t(STATS.problem.label)}</span>
        </p>
      </Section>

      <Section id="hubs" title={HUBS_SECTION.title} intro={HUBS_SECTION.intro} tone="tint">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.hubs.map((hub) => (
            <li key={hub.id}>
              <HubCard hub={hub} variant="home" />
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <a href={to(HUBS_SECTION.cta.to)} className="btn-secondary">
            {t(HUBS_SECTION.cta.label)}
          </a>
        </div>
      </Section>

      <Section id="technology" title={TECHNOLOGY.title} intro={TECHNOLOGY.intro}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TECHNOLOGY.items.map((item) => (
            <li key={item.title} className="card flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={item.icon} />
              </span>
              <div>
                <h3 className="font-bold">{t(item.title)}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{t(item.description)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="apps" title={APPS_SECTION.title} intro={APPS_SECTION.intro} tone="tint">
        <ul className="grid gap-4 md:grid-cols-2">
          {APPS.map((app) => (
            <li key={app.id}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand id="get-started" {...CLOSING} />
    </main>
  );
}
