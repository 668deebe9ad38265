import { CardList, PageHeader } from "~/components/content/page-parts";
import { ABOUT } from "~/content/about";
import { dbOf } from "~/db/context.server";
import { networkFigures } from "~/features/facilities/network-figures.server";
import { useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/about";

/** A content page, kept per the facilities' and hubs' versions: its counts come from them (decision 011). */
export const handle: RouteHandle = { hydrate: false, versionedBy: ["facilities", "hubs"] };

export async function loader({ context }: Route.LoaderArgs) {
  const figures = await networkFigures(dbOf(context));
  return { stats: ABOUT.stats.items(figures), next: ABOUT.reach.next() };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: ABOUT.title, description: ABOUT.description });

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main">
      <PageHeader eyebrow={ABOUT.eyebrow} title={ABOUT.heading} lead={ABOUT.lead} />

      <section
        aria-labelledby="why"
        className="container-page grid gap-8 py-14 md:grid-cols-[1fr_1.4fr] md:items-center"
      >
        <div className="rounded-2xl bg-brand-800 p-8 text-white">
          <p className="text-5xl font-extrabold">{t(ABOUT.problem.stat)}</p>
          <p className="mt-2 text-lg text-brand-100">{t(ABOUT.problem.statLabel)}</p>
        </div>
        <div>
          <h2 id="why" className="text-2xl font-bold">
            {t(ABOUT.problem.heading)}
          </h2>
          {ABOUT.problem.paragraphs.map((p) => (
            <p key={p} className="mt-4 leading-7 text-muted">
              {t(p)}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby="journey" className="bg-slate-50 py-14">
        <div className="container-page">
          <h2 id="journey" className="text-2xl font-bold">
            {t(ABOUT.journey.heading)}
          </h2>
          <ol className="mt-8 grid gap-4 md:grid-cols-5">
            {ABOUT.journey.steps.map((step, i) => (
              <li key={t(step.title)} className="card">
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {i + 1}
                </span>
                <h3 className="mt-3 font-semibold">{t(step.title)}</h3>
                <p className="mt-2 text-sm leading-6 text-muted">{t(step.description)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="audiences" className="container-page py-14">
        <h2 id="audiences" className="text-2xl font-bold">
          {t(ABOUT.audiences.heading)}
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {ABOUT.audiences.items.map((item) => (
            <li key={t(item.title)} className="card flex flex-col">
              <h3 className="text-lg font-semibold">{t(item.title)}</h3>
              <p className="mt-2 flex-1 leading-7 text-muted">{t(item.description)}</p>
              <a href={to(item.href)} className="mt-4 font-semibold text-brand-700 underline-offset-4 hover:underline">
                {t(item.cta)} <span aria-hidden="true">→</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="stats" className="bg-brand-900 py-14 text-white">
        <div className="container-page">
          <h2 id="stats" className="text-2xl font-bold">
            {t(ABOUT.stats.heading)}
          </h2>
          <dl className="mt-8 grid grid-cols-2 gap-6 md:grid-cols-5">
            {loaderData.stats.map((stat) => (
              <div key={stat.label.key} className="flex flex-col-reverse justify-end">
                <dt className="mt-1 text-sm text-brand-100">{t(stat.label.key, stat.label.values)}</dt>
                <dd className="text-3xl font-extrabold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="technology" className="container-page py-14">
        <h2 id="technology" className="text-2xl font-bold">
          {t(ABOUT.technology.heading)}
        </h2>
        <CardList items={ABOUT.technology.items} />
      </section>

      <section aria-labelledby="model" className="container-page grid gap-10 pb-14 md:grid-cols-2">
        <div>
          <h2 id="model" className="text-2xl font-bold">
            {t(ABOUT.model.heading)}
          </h2>
          {ABOUT.model.paragraphs.map((p) => (
            <p key={p} className="mt-4 leading-7 text-muted">
              {t(p)}
            </p>
          ))}
        </div>
        <div>
          <h2 className="text-2xl font-bold">{t(ABOUT.reach.heading)}</h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {[ABOUT.reach.now, loaderData.next].map((group) => (
              <div key={t(group.label)} className="card">
                <h3 className="font-semibold">{t(group.label)}</h3>
                <ul className="mt-2 space-y-1 text-muted">
                  {group.places.map((place) => (
                    <li key={t(place)}>{t(place)}</li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="values" className="bg-slate-50 py-14">
        <div className="container-page">
          <h2 id="values" className="text-2xl font-bold">
            {t(ABOUT.values.heading)}
          </h2>
          <CardList items={ABOUT.values.items} columns={4} size="sm" />
        </div>
      </section>

      <section aria-labelledby="cta" className="container-page py-14 text-center">
        <h2 id="cta" className="text-2xl font-bold">
          {t(ABOUT.cta.heading)}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl leading-7 text-muted">{t(ABOUT.cta.text)}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          {ABOUT.cta.links.map((link) => (
            <a key={link.href} href={to(link.href)} className={link.primary ? "btn-primary" : "btn-secondary"}>
              {t(link.label)}
            </a>
          ))}
        </div>
      </section>
    </main>
  );
}
