import { PageHeader } from "~/components/content/page-parts";
import { applyHref, CAREERS, OPENINGS } from "~/content/careers";
import { SITE } from "~/content/site";
import { useT } from "~/i18n/react";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/careers";

export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: CAREERS.title, description: CAREERS.description });

export default function CareersPage() {
  const t = useT();
  return (
    <main id="main">
      <PageHeader eyebrow={CAREERS.eyebrow} title={CAREERS.heading} lead={CAREERS.lead}>
        <p className="mt-6 text-sm font-semibold text-brand-800">
          {t("careers.openRoles", { count: OPENINGS.length })}{" "}
          <a href={`mailto:${SITE.email.careers}`} className="underline underline-offset-2">
            {SITE.email.careers}
          </a>
        </p>
      </PageHeader>

      <section aria-labelledby="openings" className="container-page py-12">
        <h2 id="openings" className="text-2xl font-bold">
          {t("Open roles")}
        </h2>
        <ul className="mt-6 grid gap-6">
          {OPENINGS.map((job) => (
            <li key={job.id}>
              <article id={job.id} aria-labelledby={`${job.id}-title`} className="card sm:p-7">
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h3 id={`${job.id}-title`} className="text-xl font-semibold">
                      {t(job.title)}
                    </h3>
                    <ul aria-label={t("Role details")} className="mt-2 flex flex-wrap gap-2 text-sm">
                      {[job.team, job.location, job.type].map((detail) => (
                        <li key={detail} className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">
                          {t(detail)}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <a href={applyHref(job.title)} className="btn-primary shrink-0">
                    {t("Apply by email")}
                    <span className="sr-only">: {t(job.title)}</span>
                  </a>
                </div>
                <p className="mt-4 leading-7 text-muted">{t(job.summary)}</p>
                <div className="mt-4 grid gap-6 md:grid-cols-2">
                  <div>
                    <h4 className="font-semibold">{t("What you will do")}</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                      {job.responsibilities.map((item) => (
                        <li key={item}>{t(item)}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4 className="font-semibold">{t("What you bring")}</h4>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                      {job.requirements.map((item) => (
                        <li key={item}>{t(item)}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="apply" className="bg-slate-50 py-12">
        <div className="container-page grid gap-8 md:grid-cols-2">
          <div>
            <h2 id="apply" className="text-2xl font-bold">
              {t("How to apply")}
            </h2>
            {CAREERS.howToApply.map((p) => (
              <p key={p} className="mt-3 leading-7 text-muted">
                {t(p)}
              </p>
            ))}
          </div>
          <div className="card">
            <h2 className="text-xl font-bold">{t(CAREERS.openApplication.heading)}</h2>
            <p className="mt-2 leading-7 text-muted">{t(CAREERS.openApplication.text)}</p>
            <a href={CAREERS.openApplication.href} className="btn-secondary mt-4">
              {t(CAREERS.openApplication.label)}
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
