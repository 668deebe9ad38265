import { CopyBlock } from "~/components/content/copy-block";
import { PageHeader } from "~/components/content/page-parts";
import { PRESS, PRESS_ASSETS, pressCopyBlocks, pressFacts } from "~/content/press";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { networkFigures } from "~/features/facilities/network-figures.server";
import { translator } from "~/i18n/i18n";
import { localeOfPath } from "~/i18n/locales";
import { useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/press-kit";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: PRESS.title, description: PRESS.description });

/** Kept per the facilities' and hubs' versions: the copy and the key facts count them (decision 011). */
export const handle: RouteHandle = { versionedBy: ["facilities", "hubs"] };

/** The copy and the facts are built in the page's language: the copy button copies what the page shows. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const figures = await networkFigures(dbOf(context));
  const t = translator(localeOfPath(new URL(request.url).pathname));
  return { copyBlocks: pressCopyBlocks(figures, t), facts: pressFacts(figures, t) };
}

export default function PressKitPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main">
      <PageHeader eyebrow={PRESS.eyebrow} title={PRESS.heading} lead={PRESS.lead}>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={`mailto:${SITE.email.press}`} className="btn-primary">
            {t("Email the press team")}
          </a>
          <a href={`tel:${SITE.phone.replaceAll(" ", "")}`} className="btn-secondary">
            {t("press.call", { phone: SITE.phone })}
          </a>
        </div>
      </PageHeader>

      <section aria-labelledby="copy" className="container-page py-12">
        <h2 id="copy" className="text-2xl font-bold">
          {t("Ready-to-use descriptions")}
        </h2>
        <p className="mt-2 max-w-3xl text-muted">{t("Copy these as they are, or shorten them to fit your piece.")}</p>
        <ul className="mt-6 grid gap-5">
          {loaderData.copyBlocks.map((block) => (
            <CopyBlock key={block.id} id={block.id} title={block.title} text={block.text} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="facts" className="bg-slate-50 py-12">
        <div className="container-page">
          <h2 id="facts" className="text-2xl font-bold">
            {t("Key facts")}
          </h2>
          <dl className="mt-6 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2">
            {loaderData.facts.map((fact) => (
              <div key={fact.term} className="bg-white p-4">
                <dt className="text-sm font-medium text-muted">{fact.term}</dt>
                <dd className="mt-1 font-semibold text-ink">{fact.detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="assets" className="container-page py-12">
        <h2 id="assets" className="text-2xl font-bold">
          {t("Brand assets")}
        </h2>
        <p id="assets-reason" className="mt-2 max-w-3xl leading-7 text-muted">
          {t(PRESS.assetsReason)}
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {PRESS_ASSETS.map((asset) => (
            <li key={asset.id} className="card flex items-center justify-between gap-4">
              <div className="min-w-0">
                <h3 className="font-semibold">{t(asset.title)}</h3>
                <p className="text-sm text-muted">{t(asset.format)}</p>
              </div>
              <button type="button" disabled aria-describedby="assets-reason" className="btn-secondary shrink-0">
                {t("Download")}
                <span className="sr-only"> {t(asset.title)}</span>
              </button>
            </li>
          ))}
        </ul>
        <a
          href={`mailto:${SITE.email.press}?subject=${encodeURIComponent("Press kit request")}`}
          className="btn-primary mt-6"
        >
          {t("Request the files by email")}
        </a>
      </section>
    </main>
  );
}
