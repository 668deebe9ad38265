import type { HubSummary } from "~/content/hubs";
import { databaseText } from "~/i18n/database-text";
import { launchDateIn } from "~/i18n/launch-date-in";
import { useLocale, useT } from "~/i18n/react";
import { HubIcon } from "../hub-icon";
import { HubLink } from "./hub-link";
import { Icon } from "./icon";
import { MoreList } from "./more-list";

/**
 * A hub card. `home` badges live hubs PILOT PHASE and others "Launching {date}"; `listing` uses
 * LIVE and "Launching soon..." (spec section 4). `join` adds the for-facilities "Join This Hub" button.
 */
export function HubCard({
  hub,
  variant,
  headingLevel = 3,
}: {
  hub: HubSummary;
  variant: "home" | "listing" | "join";
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  // Hub texts come from the database in English: marked so on a page in another language.
  const locale = useLocale();
  const lang = locale === "en" ? undefined : "en";
  // The title and description in French where an administrator wrote them (decision 044).
  const title = databaseText(locale, hub.title, hub.titleFr);
  const description = databaseText(locale, hub.description, hub.descriptionFr);
  const live = hub.status === "live";
  const badge =
    variant === "home"
      ? live
        ? t("PILOT PHASE")
        : hub.launchDate
          ? t("hub.launching", { date: launchDateIn(locale, hub.launchDate) })
          : t("Launching soon...")
      : live
        ? t("LIVE")
        : t("Launching soon...");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // The title link stretches over the card (one link, one tab stop) except on "join" cards,
  // which have their own button.
  const stretched = variant !== "join";
  return (
    <article
      className={`card relative flex h-full flex-col gap-3 transition-shadow ${stretched ? "hover:shadow-md focus-within:shadow-md" : ""}`}
      data-hub={hub.id}
    >
      <div className="flex items-start justify-between gap-3">
        <span className={`inline-flex size-11 items-center justify-center rounded-xl ${hub.bgColor} ${hub.color}`}>
          <HubIcon name={hub.icon} />
        </span>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-bold tracking-wide ${
            live ? "bg-brand-700 text-white" : "bg-amber-100 text-amber-900"
          }`}
        >
          {badge}
        </span>
      </div>
      <Heading className="text-lg font-bold leading-snug" lang={title.lang}>
        {stretched ? (
          <HubLink hub={hub} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-800">
            {title.text}
          </HubLink>
        ) : (
          title.text
        )}
      </Heading>
      <p className="text-sm leading-6 text-muted" lang={description.lang}>
        {description.text}
      </p>
      <div className="mt-auto space-y-2 pt-1">
        <MoreList
          items={hub.specialties}
          label={t("Specialties")}
          chipClassName="bg-brand-50 text-brand-800"
          lang={lang}
        />
        <MoreList items={hub.countries} label={t("Countries")} lang={lang} />
      </div>
      {variant === "join" ? (
        <HubLink hub={hub} className="btn-primary mt-2 w-full">
          {t("Join This Hub")}
          <span className="sr-only" lang={title.lang}>
            : {title.text}
          </span>
          {live ? <Icon name="external-link" className="size-4" /> : <Icon name="arrow-right" className="size-4" />}
        </HubLink>
      ) : null}
    </article>
  );
}
