import { Link } from "react-router";
import { FACILITY_IMAGE_SIZE } from "~/content/facilities";
import type { facilities } from "~/db/schema";
import { databaseText } from "~/i18n/database-text";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import {
  formatCalendarDate,
  isRated,
  LICENCE_VERIFIED,
  NOT_YET_RATED,
  type ReviewRating,
  ratingValue,
  splitSpecialties,
} from "../facility-format";
import { typeLabel } from "../facility-options";
import { PHOTO_WIDTHS, photoHeight, photoSrcSet, photoUrl } from "../facility-photo";
import { hoursSummary } from "../opening-hours";
import { FacilityIcon } from "./facility-icons";

export type FacilityCardData = Pick<
  typeof facilities.$inferSelect,
  | "slug"
  | "name"
  | "type"
  | "location"
  | "specialties"
  | "languages"
  | "emergency"
  | "description"
  | "image"
  | "photoId"
  | "nhisAccepted"
  | "licenceVerifiedOn"
  | "openingHours"
> & {
  /** The description in French (decision 044); absent or null: the English one, marked lang="en". */
  descriptionFr?: string | null;
  /** From reviews written in the product; absent or null: "Not yet rated". */
  reviewRating?: ReviewRating | null;
};

/**
 * The facility's uploaded photo (WebP, each size with its width and height, so nothing shifts as
 * it loads), or its drawn illustration until it has one.
 */
export function FacilityImage({
  facility,
  sizes,
  priority = false,
  decorative = false,
  inline,
  className,
}: {
  facility: Pick<FacilityCardData, "name" | "image" | "photoId">;
  /** The illustration as a data: address, drawn from the page's HTML (a profile: illustration.server.ts). */
  inline?: string | null;
  sizes: string;
  priority?: boolean;
  /** Beside the facility's name (a card): the image adds nothing a screen reader needs. */
  decorative?: boolean;
  className?: string;
}) {
  const loading = priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const };
  const t = useT();
  if (facility.photoId) {
    const width = PHOTO_WIDTHS[1];
    return (
      <img
        src={photoUrl(facility.photoId, width)}
        srcSet={photoSrcSet(facility.photoId)}
        sizes={sizes}
        width={width}
        height={photoHeight(width)}
        alt={decorative ? "" : facility.name}
        decoding="async"
        {...loading}
        className={className}
      />
    );
  }
  return (
    <img
      src={inline ?? facility.image}
      width={FACILITY_IMAGE_SIZE.width}
      height={FACILITY_IMAGE_SIZE.height}
      alt={decorative ? "" : t("facility.illustration", { name: facility.name })}
      decoding="async"
      {...loading}
      className={className}
    />
  );
}

/** Takes Ghana's National Health Insurance. */
export function NhisBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
      {t("Accepts NHIS")}
    </span>
  );
}

/**
 * The Verified tick (decision 021): one notion only, a system administrator checked the facility's
 * HeFRA licence, on this date. Nothing else shows a tick or the word "verified" for a facility.
 */
export function LicenceVerified({ verifiedOn }: { verifiedOn: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
      <FacilityIcon name="verified" className="size-3.5" />
      {t(LICENCE_VERIFIED)} {formatCalendarDate(verifiedOn, locale)}
    </span>
  );
}

export function TypeBadge({ type }: { type: string }) {
  const t = useT();
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      {t(typeLabel(type))}
    </span>
  );
}

export function EmergencyBadge() {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      <FacilityIcon name="clock" className="size-3.5" />
      {t("24/7 Emergency")}
    </span>
  );
}

/** A directory card, with exactly the spec's fields (section 2). */
export function FacilityCard({
  facility,
  from = "",
}: {
  facility: FacilityCardData;
  /** The directory's search ("?q=...") the card is listed under: the profile links back to it. */
  from?: string;
}) {
  const { shown, more } = splitSpecialties(facility.specialties);
  const t = useT();
  const to = useLocalePath();
  const locale = useLocale();
  // The days in the page's language ("lun.–ven. 08:00–17:00"); the times as stored.
  const hours = hoursSummary(facility.openingHours, locale, t);
  const description = databaseText(locale, facility.description, facility.descriptionFr);
  // Specialties and languages are the facility's own words, in English.
  const lang = locale === "en" ? undefined : "en";
  return (
    // On a phone a compact card (about 250 px): a thumbnail beside the name, the
    // description cut to two lines, small specialty tags, the languages beside View Profile, no
    // opening hours (the profile has them); from 640 px the full card.
    <article className="flex h-full flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:gap-3 sm:p-5">
      <div className="flex items-start gap-3 sm:flex-col sm:items-stretch">
        <FacilityImage
          facility={facility}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 96px"
          decorative
          className="aspect-video h-auto w-20 shrink-0 rounded-lg bg-brand-50 object-cover sm:-mx-1 sm:-mt-1 sm:w-[calc(100%+0.5rem)] sm:max-w-none sm:rounded-xl"
        />
        <div className="min-w-0">
          <h2 className="text-base leading-snug font-semibold text-ink sm:text-lg">{facility.name}</h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted sm:mt-3">
            <FacilityIcon name="map-pin" />
            {facility.location}
          </p>
        </div>
      </div>
      {/* The licence tick, the badges and the rating share a wrapping row. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:gap-y-2">
        {facility.licenceVerifiedOn ? <LicenceVerified verifiedOn={facility.licenceVerifiedOn} /> : null}
        <TypeBadge type={facility.type} />
        {facility.emergency ? <EmergencyBadge /> : null}
        {facility.nhisAccepted ? <NhisBadge /> : null}
        <span className="inline-flex items-center gap-1.5 text-sm">
          {isRated(facility.reviewRating) ? (
            <>
              <FacilityIcon name="star" filled className="size-4 text-amber-500" />
              <span className="font-semibold text-ink">
                <span className="sr-only">{t("Rated")} </span>
                {ratingValue(facility.reviewRating.average, locale)}
                <span className="sr-only"> {t("out of 5")}</span>
              </span>
              <span className="text-muted">({t("facility.reviews", { count: facility.reviewRating.count })})</span>
            </>
          ) : (
            <span className="text-muted">{t(NOT_YET_RATED)}</span>
          )}
        </span>
      </div>
      <p className="line-clamp-2 text-sm leading-5 text-muted sm:line-clamp-none sm:leading-6" lang={description.lang}>
        {description.text}
      </p>
      <div>
        {/* On a phone a comma-separated line; from 640 px tags. */}
        <ul className="flex flex-wrap gap-x-1 text-xs leading-4 sm:gap-1.5" aria-label={t("Specialties")}>
          {shown.map((s, i) => (
            <li
              key={s}
              lang={lang}
              className={`text-ink sm:rounded-md sm:border sm:border-slate-200 sm:px-2 sm:py-0.5 ${i < shown.length - 1 ? "after:content-[','] sm:after:content-none" : ""}`}
            >
              {s}
            </li>
          ))}
          {more > 0 ? (
            <li className="font-medium text-brand-700 sm:rounded-md sm:px-1 sm:py-0.5">
              {t("facility.moreSpecialties", { more })}
              <span className="sr-only"> {t("specialties")}</span>
            </li>
          ) : null}
        </ul>
      </div>
      {/* On a phone the languages sit beside View Profile; from 640 px each on its own line, the hours between. */}
      <div className="mt-auto flex items-center gap-2 sm:contents">
        <p className="flex min-w-0 flex-1 items-start gap-1.5 text-sm text-muted sm:flex-none">
          <FacilityIcon name="languages" className="mt-0.5 size-4 shrink-0" />
          <span>
            {/* On a phone the icon says it (the word stays for screen readers). */}
            <span className="font-medium text-ink max-sm:sr-only">{t("Languages:")}</span>{" "}
            <span lang={lang}>{facility.languages.join(", ")}</span>
          </span>
        </p>
        {hours ? (
          <p className="hidden items-start gap-1.5 text-sm text-muted sm:flex">
            <FacilityIcon name="clock" className="mt-0.5 size-4" />
            <span>
              <span className="font-medium text-ink">{t("Hours:")}</span> <span>{hours}</span>
            </span>
          </p>
        ) : null}
        <Link
          to={`${to(`/facility/${facility.slug}`)}${from.length > 1 ? `?from=${encodeURIComponent(from.slice(1))}` : ""}`}
          className="btn-secondary shrink-0 px-3 sm:mt-auto sm:w-full sm:px-5"
        >
          {t("View Profile")}
          <span className="sr-only">: {facility.name}</span>
        </Link>
      </div>
    </article>
  );
}
