import type { investorHubFigures } from "~/content/investors";
import { INVESTORS as I } from "~/content/investors";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/react";

/*
 * The investors' page sections (investment-opportunities): the unit economics, the projections,
 * the ask, why now with the roadmap, and the closing call. Plain markup: the page ships no
 * JavaScript.
 */

function Facts({ items }: { items: readonly { term: string; detail: string }[] }) {
  const t = useT();
  return (
    <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <div key={item.term} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
          <dt className="text-muted">{t(item.term)}</dt>
          <dd className="font-semibold text-ink">{t(item.detail)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InvestLinks() {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row">
      <a href={I.investHref} className="btn-primary">
        {t("Email our investment team")}
      </a>
      <a href={to("/contact")} className="btn-secondary">
        {t("Schedule a Call")}
      </a>
    </div>
  );
}

/** The unit economics: per consultation and the break-even per facility. */
export function InvestorEconomics() {
  const t = useT();
  return (
    <section aria-labelledby="economics" className="bg-slate-50 py-14">
      <div className="container-page">
        <h2 id="economics" className="text-2xl font-bold">
          {t(I.economics.heading)}
        </h2>
        <p className="mt-2 max-w-3xl leading-7 text-muted">{t(I.economics.lead)}</p>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="mb-3 font-semibold">{t("Per consultation")}</h3>
            <Facts items={I.economics.perConsultation} />
          </div>
          <div>
            <h3 className="mb-3 font-semibold">{t("Per facility")}</h3>
            <Facts items={I.economics.breakeven} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** The three years of projections. */
export function InvestorProjections() {
  const t = useT();
  return (
    <section aria-labelledby="projections" className="bg-brand-900 py-14 text-white">
      <div className="container-page">
        <h2 id="projections" className="text-2xl font-bold">
          {t(I.projections.heading)}
        </h2>
        <p className="mt-2 text-brand-100">{t(I.projections.lead)}</p>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {I.projections.rows.map((row) => (
            <li key={row.year} className="rounded-2xl border border-brand-700 bg-brand-800 p-5">
              <h3 className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t(row.year)}</h3>
              <dl className="mt-3 space-y-3">
                <div>
                  <dt className="text-sm text-brand-100">{t("Partner facilities")}</dt>
                  <dd className="text-3xl font-extrabold">{row.facilities}</dd>
                </div>
                <div>
                  <dt className="text-sm text-brand-100">{t("Monthly revenue")}</dt>
                  <dd className="text-2xl font-bold">{t(row.monthlyRevenue)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The amount asked and what it is for. */
export function InvestorAsk() {
  const t = useT();
  const percent = new Intl.NumberFormat(INTL_LOCALE[useLocale()], { style: "percent" });
  return (
    <section aria-labelledby="ask" className="container-page py-14">
      <h2 id="ask" className="text-2xl font-bold">
        {t("investors.ask.heading", { heading: t(I.ask.heading), amount: t(I.ask.amount) })}
      </h2>
      <p className="mt-2 max-w-3xl leading-7 text-muted">{t(I.ask.lead)}</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {I.ask.uses.map((use) => (
          <li key={use.label} className="card">
            <p className="text-3xl font-extrabold text-brand-700">{percent.format(use.percent / 100)}</p>
            <h3 className="mt-1 font-semibold">{t(use.label)}</h3>
            <p className="mt-1 text-sm leading-6 text-muted">{t(use.detail)}</p>
            <div className="mt-3 h-2 rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-2 rounded-full bg-brand-700" style={{ width: `${use.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Why now, and the specialties the hubs open next (from the hubs as they are now). */
export function InvestorWhyNow({ roadmap }: { roadmap: ReturnType<typeof investorHubFigures>["roadmap"] }) {
  const t = useT();
  return (
    <section aria-labelledby="why-now" className="bg-slate-50 py-14">
      <div className="container-page grid gap-10 md:grid-cols-2">
        <div>
          <h2 id="why-now" className="text-2xl font-bold">
            {t(I.whyNow.heading)}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-7 text-muted">
            {I.whyNow.items.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-2xl font-bold">{t(I.roadmap.heading)}</h2>
          <p className="mt-2 text-muted">{t(I.roadmap.lead)}</p>
          <ol className="mt-4 space-y-3">
            {roadmap.map((item, i) => (
              <li key={item.specialty} className="card flex gap-4 p-4">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                >
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{t(item.specialty)}</h3>
                  {/* In the page's language already (the loader's), with the hubs' titles. */}
                  <p className="text-sm text-muted">{item.hubs}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

/** The closing call to action and the disclaimer. */
export function InvestorCta() {
  const t = useT();
  return (
    <section aria-labelledby="invest-cta" className="container-page">
      <div className="rounded-3xl bg-brand-50 px-6 py-10 text-center sm:px-10">
        <h2 id="invest-cta" className="text-2xl font-bold">
          {t(I.cta.heading)}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-muted">{t(I.cta.text)}</p>
        <div className="flex justify-center">
          <InvestLinks />
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-xs leading-5 text-muted">{t(I.disclaimer)}</p>
      </div>
    </section>
  );
}
