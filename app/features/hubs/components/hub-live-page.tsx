import { Link } from "react-router";
import { HubIcon } from "~/components/hub-icon";
import type { Hub } from "~/content/hubs";
import { CheckList, FACILITY_BENEFITS } from "~/features/waitlist/public";
import { databaseText } from "~/i18n/database-text";
import { useLocale, useLocalePath, useT } from "~/i18n/react";

/**
 * A live hub's own page (issue 28): a hub keeps its page at /hub/{id} whatever its status, so the
 * launch email's link and every bookmark still answer once it launches. What it offers, and a
 * button to its live address when it has one; patients are offered the patients' app and the
 * directory (UX 9 of issue 33), professionals and facilities how to take part through the
 * referral platform.
 */
export function HubLivePage({ hub }: { hub: Hub }) {
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  // The hub's texts come from the database: French where written, else English marked lang="en".
  const title = databaseText(locale, hub.title, hub.titleFr);
  const description = databaseText(locale, hub.description, hub.descriptionFr);
  const lang = locale === "en" ? undefined : "en";
  return (
    <main id="main">
      <section className={`${hub.bgColor} border-b border-slate-200`}>
        <div className="container-page py-12 sm:py-16">
          <div className="flex flex-wrap items-center gap-3">
            <span
              className={`inline-flex size-12 items-center justify-center rounded-xl bg-white shadow-sm ${hub.color}`}
            >
              <HubIcon name={hub.icon} className="size-7" />
            </span>
            <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-emerald-800 shadow-sm">
              {t("Live now")}
            </p>
          </div>
          <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-5xl" lang={title.lang}>
            {title.text}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-muted" lang={description.lang}>
            {description.text}
          </p>
          <p className="mt-3 text-sm text-muted">
            <span className="font-semibold text-ink">{t("Countries:")}</span>{" "}
            <span lang={lang}>{hub.countries.join(", ")}</span>
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {hub.externalUrl ? (
              <a href={hub.externalUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
                {t("Go to the hub")}
                <span className="sr-only"> {t("(opens in a new tab)")}</span>
              </a>
            ) : null}
            <Link to={to("/auth?tab=register")} className={hub.externalUrl ? "btn-secondary" : "btn-primary"}>
              {t("Register to take part")}
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="offers-heading" className="container-page py-12">
        <h2 id="offers-heading" className="text-2xl font-bold">
          {t("What the hub offers")}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="card">
            <h3 className="text-lg font-semibold">{t("How the hub helps")}</h3>
            <p className="mt-3 leading-7 text-muted" lang={lang}>
              {hub.salesPitch.solution}
            </p>
            {hub.specialties.length > 0 ? (
              <p className="mt-4 text-sm text-muted">
                <span className="font-semibold text-ink">{t("Specialties:")}</span>{" "}
                <span lang={lang}>{hub.specialties.join(", ")}</span>
              </p>
            ) : null}
          </div>
          <div className="card">
            <h3 className="text-lg font-semibold">{t("For patients and families")}</h3>
            <p className="mt-3 leading-7 text-muted">
              {t(
                "Looking for care? qurbook, our free app for patients, helps you reach a specialist, and our directory lists trusted facilities near you.",
              )}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={to("/apps#qurbook")} className="btn-primary">
                {t("Get qurbook, free")}
              </Link>
              <Link to={to("/facilities")} className="btn-secondary">
                {t("Find a facility")}
              </Link>
            </div>
          </div>
          <div className="card">
            <h3 className="text-lg font-semibold">{t("For healthcare professionals")}</h3>
            <CheckList items={hub.salesPitch.benefits} lang={lang} />
            {hub.targetAudience.length > 0 ? (
              <p className="mt-4 text-sm text-muted">
                <span className="font-semibold text-ink">{t("Built for:")}</span>{" "}
                <span lang={lang}>{hub.targetAudience.join(", ")}</span>
              </p>
            ) : null}
          </div>
          <div className="card">
            <h3 className="text-lg font-semibold">{t("For healthcare facilities")}</h3>
            <CheckList items={FACILITY_BENEFITS} translate />
            <Link to={to("/for-facilities")} className="mt-4 inline-flex font-semibold text-brand-700 underline">
              {t("How facilities work with the network")}
            </Link>
          </div>
        </div>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={to("/hubs")} className="btn-secondary">
            {t("Explore Other Hubs")}
          </Link>
          <Link to={to("/contact")} className="btn-secondary">
            {t("Contact Us")}
          </Link>
        </div>
      </section>
    </main>
  );
}
