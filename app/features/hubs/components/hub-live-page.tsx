import { Link } from "react-router";
import type { Hub } from "~/content/hubs";
import { AudienceCards, HubHero, useHubTexts } from "~/features/waitlist/public";
import { useLocalePath, useT } from "~/i18n/react";

/**
 * A live hub's own page: a hub keeps its page at /hub/{id} whatever its status, so the
 * launch email's link and every bookmark still answer once it launches. What it offers, and a
 * button to its live address when it has one; patients are offered the patients' app and the
 * directory, professionals and facilities how to take part through the
 * referral platform.
 */
export function HubLivePage({ hub }: { hub: Hub }) {
  const t = useT();
  const to = useLocalePath();
  const { lang } = useHubTexts(hub);
  return (
    <main id="main">
      <HubHero
        hub={hub}
        countriesLabel={t("Countries:")}
        status={
          <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-emerald-800 shadow-sm">
            {t("Live now")}
          </p>
        }
      >
        {hub.externalUrl ? (
          <a href={hub.externalUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            {t("Go to the hub")}
            <span className="sr-only"> {t("(opens in a new tab)")}</span>
          </a>
        ) : null}
        <Link to={to("/auth?tab=register")} className={hub.externalUrl ? "btn-secondary" : "btn-primary"}>
          {t("Register to take part")}
        </Link>
      </HubHero>

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
          <AudienceCards hub={hub} facilitiesLink />
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
