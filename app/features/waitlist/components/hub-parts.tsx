import type { ReactNode } from "react";
import { Link } from "react-router";
import { HubIcon } from "~/components/hub-icon";
import type { Hub } from "~/content/hubs";
import { databaseText } from "~/i18n/database-text";
import { useLocale, useLocalePath, useT } from "~/i18n/react";

/*
 * What a hub's page shows whatever its status (a coming-soon hub's waitlist page, a live hub's
 * page): its heading block and the cards for professionals and facilities.
 */

/** What every facility gets from a hub, whichever hub it is (spec section 2: four fixed benefits). */
export const FACILITY_BENEFITS = [
  "Join free and keep 80% of consultation fees",
  "Offer specialist consultations without hiring specialists",
  "Receive referrals and care plans from doctors across the network",
  "Coordinate follow-up with Sheela, our AI care-coordination assistant",
] as const;

function Check() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-5 shrink-0 text-brand-700"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/** A list of ticks: `translate` for the site's own texts (catalogue), else database texts marked `lang`. */
export function CheckList({
  items,
  lang,
  translate,
}: {
  items: readonly string[];
  lang?: string;
  translate?: boolean;
}) {
  const t = useT();
  return (
    <ul className="mt-4 space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-muted">
          <Check />
          <span lang={translate ? undefined : lang}>{translate ? t(item) : item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The hub's texts in the page's language: they come from the database, French where written,
 * else English marked lang="en" (`lang` is for the texts that have no French column).
 */
export function useHubTexts(hub: Hub) {
  const locale = useLocale();
  return {
    title: databaseText(locale, hub.title, hub.titleFr),
    description: databaseText(locale, hub.description, hub.descriptionFr),
    lang: locale === "en" ? undefined : "en",
  };
}

/** The hub's heading block: its icon and `status`, title, description, countries, and `children` (the page's buttons). */
export function HubHero({
  hub,
  status,
  countriesLabel,
  children,
}: {
  hub: Hub;
  status: ReactNode;
  countriesLabel: string;
  children: ReactNode;
}) {
  const { title, description, lang } = useHubTexts(hub);
  return (
    <section className={`${hub.bgColor} border-b border-slate-200`}>
      <div className="container-page py-12 sm:py-16">
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={`inline-flex size-12 items-center justify-center rounded-xl bg-white shadow-sm ${hub.color}`}
          >
            <HubIcon name={hub.icon} className="size-7" />
          </span>
          {status}
        </div>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight sm:text-5xl" lang={title.lang}>
          {title.text}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted" lang={description.lang}>
          {description.text}
        </p>
        <p className="mt-3 text-sm text-muted">
          <span className="font-semibold text-ink">{countriesLabel}</span>{" "}
          <span lang={lang}>{hub.countries.join(", ")}</span>
        </p>
        <div className="mt-6 flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}

/**
 * The two cards for those who take part: professionals (the hub's benefits and audience) and
 * facilities (the four fixed benefits; `facilitiesLink` adds the way to the For Facilities page).
 */
export function AudienceCards({ hub, facilitiesLink = false }: { hub: Hub; facilitiesLink?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const { lang } = useHubTexts(hub);
  return (
    <>
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
        {facilitiesLink ? (
          <Link to={to("/for-facilities")} className="mt-4 inline-flex font-semibold text-brand-700 underline">
            {t("How facilities work with the network")}
          </Link>
        ) : null}
      </div>
    </>
  );
}
