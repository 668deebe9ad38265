import { AppCard } from "~/components/marketing/app-card";
import { CtaBand } from "~/components/marketing/cta-band";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import { Section } from "~/components/marketing/section";
import { APPS } from "~/content/apps";
import {
  APPS_SECTION,
  AUDIENCES,
  CLOSING,
  HERO,
  HOME_META,
  HUBS_SECTION,
  hubsStat,
  JOURNEY,
  STATS,
  TECHNOLOGY,
  VALUE,
} from "~/content/home";
import { toHubSummary } from "~/content/hubs";
import { db } from "~/db/database.server";
import { listHubs } from "~/features/hubs/hubs.server";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) => pageMeta(args, HOME_META);

/** Nothing on the home page needs JavaScript. */
export const handle: RouteHandle = { hydrate: false, versionedBy: "hubs" };

/** The hubs come from the database (issue 17): the first six, and the count in the stats. */
export async function loader() {
  const hubs = await listHubs(await db());
  return { hubs: hubs.slice(0, 6).map(toHubSummary), hubsStat: hubsStat(hubs) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const stats = [...STATS.items, loaderData.hubsStat];
  return (
    <main id="main">
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-14 sm:pt-20">
        <div className="container-page">
          <div className="grid items-center gap-10 lg:grid-cols-[1.2fr_1fr]">
            <div>
              <p className="text-sm font-semibold text-brand-700">{HERO.eyebrow}</p>
              <h1 id="hero-title" className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
                {HERO.title}
              </h1>
              <p className="mt-4 max-w-xl text-lg leading-8 text-muted">{HERO.intro}</p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <a href={HERO.primary.to} className="btn-primary">
                  {HERO.primary.label}
                </a>
                <a href={HERO.secondary.to} className="btn-secondary">
                  {HERO.secondary.label}
                </a>
              </div>
            </div>
            <NetworkIllustration />
          </div>
          <ul aria-label="Who we serve" className="mt-12 grid gap-4 md:grid-cols-3">
            {AUDIENCES.map((a) => (
              <li key={a.title} className="card relative flex flex-col gap-2 hover:shadow-md">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={a.icon} />
                </span>
                <h2 className="text-lg font-bold">{a.title}</h2>
                <p className="text-sm leading-6 text-muted">{a.description}</p>
                <a
                  href={a.to}
                  className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-semibold text-brand-700 after:absolute after:inset-0"
                >
                  {a.cta}
                  <Icon name="arrow-right" className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

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
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-1 text-sm leading-6 text-muted">{step.description}</p>
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
              <h3 className="mt-3 text-lg font-bold">{col.title}</h3>
              <ul className="mt-3 space-y-2">
                {col.points.map((p) => (
                  <li key={p} className="flex gap-2 text-sm leading-6 text-muted">
                    <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
                    {p}
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
            <div key={s.label} className="card flex flex-col">
              <dt className="order-2 mt-1 font-semibold">{s.label}</dt>
              <dd className="order-1 text-3xl font-extrabold text-brand-700 sm:text-4xl">{s.value}</dd>
              <dd className="order-3 mt-1 text-sm text-muted">{s.note}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-6 rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
          <span className="block text-3xl font-extrabold sm:text-4xl">{STATS.problem.value}</span>
          <span className="mt-1 block text-brand-100">{STATS.problem.label}</span>
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
          <a href={HUBS_SECTION.cta.to} className="btn-secondary">
            {HUBS_SECTION.cta.label}
          </a>
        </div>
      </Section>

      <Section id="technology" title={TECHNOLOGY.title} intro={TECHNOLOGY.intro}>
        <ul className="grid gap-4 sm:grid-cols-2">
          {TECHNOLOGY.items.map((t) => (
            <li key={t.title} className="card flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={t.icon} />
              </span>
              <div>
                <h3 className="font-bold">{t.title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted">{t.description}</p>
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

/** A small hand-drawn network: specialists (top) linked to local facilities (bottom). */
function NetworkIllustration() {
  return (
    <svg
      viewBox="0 0 400 300"
      width="400"
      height="300"
      className="mx-auto hidden h-auto w-full max-w-md lg:block"
      aria-hidden="true"
      focusable="false"
    >
      <g stroke="#b0e4db" strokeWidth="3" fill="none">
        <path d="M80 70 200 150 320 70M80 70l40 160M320 70l-40 160M200 150l-80 80M200 150l80 80M200 40v110" />
      </g>
      <g fill="#0d6156">
        <circle cx="200" cy="150" r="34" />
        <path d="M194 132h12v12h12v12h-12v12h-12v-12h-12v-12h12z" fill="#fff" />
      </g>
      <g fill="#14917f">
        <circle cx="80" cy="70" r="20" />
        <circle cx="320" cy="70" r="20" />
        <circle cx="200" cy="40" r="16" />
      </g>
      <g fill="#e8833a">
        <rect x="98" y="212" width="44" height="40" rx="8" />
        <rect x="258" y="212" width="44" height="40" rx="8" />
      </g>
      <g fill="#fff">
        <rect x="115" y="222" width="10" height="20" rx="2" />
        <rect x="275" y="222" width="10" height="20" rx="2" />
      </g>
    </svg>
  );
}
