import { CtaBand } from "~/components/marketing/cta-band";
import { FaqAccordion } from "~/components/marketing/faq-accordion";
import { HubCard } from "~/components/marketing/hub-card";
import { Icon } from "~/components/marketing/icon";
import { Section } from "~/components/marketing/section";
import {
  BENEFITS,
  FACILITY_CLOSING,
  FACILITY_HERO,
  FACILITY_HUBS,
  FAQ,
  FOR_FACILITIES_META,
  PACKAGES,
  PROCESS,
} from "~/content/for-facilities";
import { toHubSummary } from "~/content/hubs";
import { dbOf } from "~/db/context.server";
import { listHubs } from "~/features/hubs/hubs.server";
import { useLocalePath, useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/for-facilities";

/** A content page: the FAQ is a native <details name> accordion, so no JavaScript ships. */
export const handle: RouteHandle = { hydrate: false, versionedBy: "hubs" };

export const meta: Route.MetaFunction = (args) => pageMeta(args, { ...FOR_FACILITIES_META, path: "/for-facilities" });

/** Hub cards need only their summary; the sales copy stays on the server. */
export async function loader({ context }: Route.LoaderArgs) {
  return { hubs: (await listHubs(dbOf(context))).map(toHubSummary) };
}

/** Facility marketing page (spec section 2). Its only behaviour is the FAQ accordion, which needs no script. */
export default function ForFacilities({ loaderData: { hubs } }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <main id="main">
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white pt-12 pb-14 sm:pt-20">
        <div className="container-page">
          <p className="text-sm font-semibold text-brand-700">{t(FACILITY_HERO.eyebrow)}</p>
          <h1
            id="hero-title"
            className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            {t(FACILITY_HERO.title)}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-muted">{t(FACILITY_HERO.intro)}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={to(FACILITY_HERO.primary.to)} className="btn-primary">
              {t(FACILITY_HERO.primary.label)}
            </a>
            <a href={to(FACILITY_HERO.secondary.to)} className="btn-secondary">
              {t(FACILITY_HERO.secondary.label)}
            </a>
          </div>
        </div>
      </section>

      <Section
        id="packages"
        title="Two ways to grow"
        intro="Start free. Add patient acquisition when you want more bookings."
      >
        <ul className="grid gap-4 lg:grid-cols-2">
          {PACKAGES.map((pkg) => {
            const premium = pkg.id === "premium";
            return (
              <li key={pkg.id} className={`card flex flex-col p-6 ${premium ? "border-2 border-brand-700" : ""}`}>
                <h3 id={`package-${pkg.id}`} className="text-xl font-bold">
                  {t(pkg.name)}
                </h3>
                <p className="mt-1 text-lg font-semibold text-brand-700">{t(pkg.price)}</p>
                <p className="mt-2 leading-7 text-muted">{t(pkg.summary)}</p>
                <ul className="mt-4 space-y-2">
                  {pkg.points.map((point) => (
                    <li key={point} className="flex gap-2 text-sm leading-6">
                      <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
                      {t(point)}
                    </li>
                  ))}
                </ul>
                <a href={to(pkg.cta.to)} className={`${premium ? "btn-primary" : "btn-secondary"} mt-6 self-start`}>
                  {t(pkg.cta.label)}
                </a>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="process" title={PROCESS.title} intro={PROCESS.intro} tone="tint">
        <ol className="grid gap-4 md:grid-cols-5">
          {PROCESS.steps.map((s) => (
            <li key={s.step} className="card">
              <div className="flex items-center justify-between gap-2">
                <span
                  className="inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {s.step}
                </span>
                <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                  {t(s.timeline)}
                </span>
              </div>
              <h3 className="mt-3 font-bold">
                <span className="sr-only">{t("home.step", { step: s.step })} </span>
                {t(s.title)}
              </h3>
              <p className="mt-1 text-sm leading-6 text-muted">{t(s.description)}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="benefits" title="Why facilities join">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="card">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={b.icon} />
              </span>
              <h3 className="mt-3 text-lg font-bold">{t(b.title)}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{t(b.description)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="hubs" title={FACILITY_HUBS.title} intro={FACILITY_HUBS.intro} tone="tint">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {hubs.map((hub) => (
            <li key={hub.id}>
              <HubCard hub={hub} variant="join" />
            </li>
          ))}
        </ul>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <div className="max-w-3xl">
          <FaqAccordion id="faq" items={FAQ} />
        </div>
      </Section>

      <CtaBand id="get-started" {...FACILITY_CLOSING} />
    </main>
  );
}
