import {
  InvestLinks,
  InvestorAsk,
  InvestorCta,
  InvestorEconomics,
  InvestorProjections,
  InvestorWhyNow,
} from "~/components/content/investor-sections";
import { CardList, PageHeader } from "~/components/content/page-parts";
import { INVESTORS as I, investorHubFigures } from "~/content/investors";
import { dbOf } from "~/db/context.server";
import { networkFigures } from "~/features/facilities/network-figures.server";
import { listHubs } from "~/features/hubs/hubs.server";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/investment-opportunities";

/** A content page (no JavaScript), kept per the hubs' and facilities' versions: its figures come from them. */
export const handle: RouteHandle = { hydrate: false, versionedBy: ["facilities", "hubs"] };

/**
 * The hubs' statuses and launch dates (decision 021) and the facility counts (decision 011): from the
 * database; the texts that carry them are built in the page's language (decision 044).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const [hubs, figures] = await Promise.all([listHubs(database), networkFigures(database)]);
  const locale = localeOfPath(new URL(request.url).pathname);
  return investorHubFigures(hubs, figures, translator(locale), locale);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: I.title, description: I.description });

export default function InvestmentOpportunitiesPage({ loaderData: figures }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main">
      {/* The lead is in the page's language already (the loader's): not looked up again. */}
      <PageHeader eyebrow={I.eyebrow} title={I.heading} lead={<span>{figures.lead}</span>}>
        <InvestLinks />
      </PageHeader>

      <section aria-labelledby="summary" className="container-page py-14">
        <h2 id="summary" className="text-2xl font-bold">
          {t(I.summary.heading)}
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 leading-7 text-muted">
          {figures.summary.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </section>

      <section aria-labelledby="problem" className="bg-slate-50 py-14">
        <div className="container-page grid gap-8 md:grid-cols-[1fr_1.4fr] md:items-center">
          <div className="rounded-2xl bg-brand-800 p-8 text-white">
            <p className="text-5xl font-extrabold">{t(I.problem.stat)}</p>
            <p className="mt-2 text-lg text-brand-100">{t(I.problem.statLabel)}</p>
          </div>
          <div>
            <h2 id="problem" className="text-2xl font-bold">
              {t(I.problem.heading)}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5 leading-7 text-muted">
              {I.problem.points.map((point) => (
                <li key={point}>{t(point)}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="model" className="container-page py-14">
        <h2 id="model" className="text-2xl font-bold">
          {t(I.model.heading)}
        </h2>
        <p className="mt-2 text-muted">{t(I.model.lead)}</p>
        <CardList items={I.model.networks} size="lg" className="mt-6" />
      </section>

      <InvestorEconomics />

      <section aria-labelledby="traction" className="container-page py-14">
        <h2 id="traction" className="text-2xl font-bold">
          {t(I.traction.heading)}
        </h2>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {/* The database's figures (their labels in the page's language already), then the fixed ones. */}
          {[...figures.traction, ...I.traction.items.map((item) => ({ ...item, label: t(item.label) }))].map((item) => (
            <div key={item.label} className="card flex flex-col-reverse justify-end">
              <dt className="mt-1 text-muted">{item.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-700">{item.value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-muted">{t(I.traction.note)}</p>
      </section>

      <InvestorProjections />

      <InvestorAsk />

      <InvestorWhyNow roadmap={figures.roadmap} />

      <section aria-labelledby="exits" className="container-page py-14">
        <h2 id="exits" className="text-2xl font-bold">
          {t(I.exits.heading)}
        </h2>
        <CardList items={I.exits.items} columns={4} size="sm" className="mt-6" />
      </section>

      <InvestorCta />
    </main>
  );
}
