import { Link } from "react-router";
import type { facilities } from "~/db/schema";
import { isRated, ratingValue, reviewsLabel, splitSpecialties } from "../facility-format";
import { typeLabel } from "../facility-options";
import { FacilityIcon } from "./facility-icons";

export type FacilityCardData = Pick<
  typeof facilities.$inferSelect,
  | "slug"
  | "name"
  | "type"
  | "location"
  | "rating"
  | "reviews"
  | "specialties"
  | "languages"
  | "verified"
  | "emergency"
  | "description"
>;

export function TypeBadge({ type }: { type: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
      {typeLabel(type)}
    </span>
  );
}

export function EmergencyBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      <FacilityIcon name="clock" className="size-3.5" />
      24/7 Emergency
    </span>
  );
}

export function VerifiedMark({ className = "size-5" }: { className?: string }) {
  return (
    <span className="inline-flex text-brand-700" title="Verified facility">
      <FacilityIcon name="verified" className={className} />
      <span className="sr-only">Verified facility</span>
    </span>
  );
}

/** A directory card, with exactly the spec's fields (section 2). */
export function FacilityCard({ facility }: { facility: FacilityCardData }) {
  const { shown, more } = splitSpecialties(facility.specialties);
  return (
    <article className="card flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-lg leading-snug font-semibold text-ink">{facility.name}</h2>
        {facility.verified ? <VerifiedMark /> : null}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted">
        <FacilityIcon name="map-pin" />
        {facility.location}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <TypeBadge type={facility.type} />
        {facility.emergency ? <EmergencyBadge /> : null}
      </div>
      <p className="flex items-center gap-1.5 text-sm">
        {isRated(facility.rating) ? (
          <>
            <FacilityIcon name="star" filled className="size-4 text-amber-500" />
            <span className="font-semibold text-ink">
              <span className="sr-only">Rated </span>
              {ratingValue(facility.rating)}
              <span className="sr-only"> out of 5</span>
            </span>
            <span className="text-muted">({reviewsLabel(facility.reviews)})</span>
          </>
        ) : (
          <span className="text-muted">Not yet rated</span>
        )}
      </p>
      <p className="text-sm leading-6 text-muted">{facility.description}</p>
      <div>
        <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
          {shown.map((s) => (
            <li key={s} className="rounded-md border border-slate-200 px-2 py-0.5 text-xs text-ink">
              {s}
            </li>
          ))}
          {more > 0 ? (
            <li className="rounded-md px-1 py-0.5 text-xs font-medium text-brand-700">
              +{more} more<span className="sr-only"> specialties</span>
            </li>
          ) : null}
        </ul>
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted">
        <FacilityIcon name="languages" className="mt-0.5 size-4" />
        <span>
          <span className="font-medium text-ink">Languages:</span> {facility.languages.join(", ")}
        </span>
      </p>
      <div className="mt-auto pt-2">
        <Link to={`/facility/${facility.slug}`} className="btn-secondary w-full">
          View Profile<span className="sr-only">: {facility.name}</span>
        </Link>
      </div>
    </article>
  );
}
