import type { ReactNode } from "react";
import { data, isRouteErrorResponse, redirect, useRouteLoaderData } from "react-router";
import type { IconName } from "~/components/marketing/icon";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import {
  FacilityImage,
  LicenceBadge,
  NhisBadge,
  TypeBadge,
  VerifiedMark,
} from "~/features/facilities/components/facility-card";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { getFacilityBySlug } from "~/features/facilities/facilities.server";
import { currentSlugFor } from "~/features/facilities/facility-admin.server";
import { displayUrl, isRated, profileReviewsLabel, ratingValue, telHref } from "~/features/facilities/facility-format";
import { facilityJsonLd, serializeJsonLd } from "~/features/facilities/facility-jsonld";
import { hoursTable } from "~/features/facilities/opening-hours";
import { useNonce } from "~/lib/nonce";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/facility";

/** Nothing on a profile needs script: the page ships no JavaScript. */
export const handle: RouteHandle = { hydrate: false, versionedBy: "facilities" };

export async function loader({ params }: Route.LoaderArgs) {
  const database = await db();
  const facility = await getFacilityBySlug(database, params.facilityId);
  if (facility) return { facility };
  // A renamed facility keeps answering at its earlier addresses.
  const moved = await currentSlugFor(database, params.facilityId);
  if (moved) throw redirect(`/facility/${moved}`, 301);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const facility = args.loaderData?.facility;
  if (!facility) {
    return [{ title: `Facility Not Found | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  }
  return pageMeta(args, {
    title: `${facility.name}, ${facility.location}`,
    description: facility.description,
    path: `/facility/${facility.slug}`,
  });
};

const externalLink = { target: "_blank", rel: "noopener noreferrer" } as const;

export default function FacilityProfile({ loaderData }: Route.ComponentProps) {
  const { facility } = loaderData;
  const { contact } = facility;
  const nonce = useNonce();
  const origin = (useRouteLoaderData("root") as { appUrl?: string } | undefined)?.appUrl ?? "";
  const firstPhone = contact.phones[0];
  const hasAbout = facility.mission || facility.vision || (facility.partnerships?.length ?? 0) > 0;

  return (
    <main id="main" className="pb-16">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, serialised with "<" escaped.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(facilityJsonLd(facility, origin)) }}
      />
      <div className="container-page pt-6">
        <a
          href="/"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <FacilityIcon name="arrow-left" />
          Back to Home
        </a>
      </div>

      <header className="container-page mt-2 grid items-center gap-6 md:grid-cols-2 md:gap-10">
        <FacilityImage
          facility={facility}
          priority
          sizes="(min-width: 768px) 50vw, 100vw"
          className="aspect-video h-auto w-full rounded-2xl border border-slate-200 bg-brand-50 object-cover"
        />
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={facility.type} />
            {facility.verified ? (
              <span className="inline-flex items-center gap-1 text-xs font-semibold text-brand-800">
                <VerifiedMark className="size-4" />
                <span aria-hidden="true">Verified</span>
              </span>
            ) : null}
            {facility.nhisAccepted ? <NhisBadge /> : null}
            {facility.licenceVerifiedOn ? <LicenceBadge verifiedOn={facility.licenceVerifiedOn} /> : null}
          </div>
          {facility.hefraLicence ? (
            <p className="mt-2 text-sm text-muted">HeFRA licence {facility.hefraLicence}</p>
          ) : null}
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{facility.name}</h1>
          <p className="mt-3 flex items-center gap-1.5 text-muted">
            <FacilityIcon name="map-pin" />
            {facility.location}
          </p>
          <p className="mt-2 flex items-center gap-1.5">
            {isRated(facility.rating) ? (
              <>
                <FacilityIcon name="star" filled className="size-5 text-amber-500" />
                <span className="font-semibold">
                  <span className="sr-only">Rated </span>
                  {ratingValue(facility.rating)}
                  <span className="sr-only"> out of 5</span>
                </span>
                <span className="text-muted">({profileReviewsLabel(facility.reviews)})</span>
              </>
            ) : (
              <span className="text-muted">Not yet rated</span>
            )}
          </p>
          {facility.emergency ? (
            <p className="mt-3 flex items-center gap-1.5 font-medium text-red-800">
              <FacilityIcon name="clock" />
              24/7 Emergency Services Available
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            <a href="#book-appointment" className="btn-primary">
              <FacilityIcon name="calendar" />
              Book Appointment
            </a>
            <a href="#contact" className="btn-secondary">
              <FacilityIcon name="phone" />
              Contact
            </a>
          </div>
        </div>
      </header>

      <div className="container-page mt-12 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <Section id="about" title="About">
            <p className="leading-7 text-muted">{facility.about}</p>
            {hasAbout ? (
              <div className="mt-6 space-y-5">
                {facility.mission ? (
                  <div>
                    <h3 className="font-semibold">Our Mission</h3>
                    <p className="mt-1 leading-7 text-muted">{facility.mission}</p>
                  </div>
                ) : null}
                {facility.vision ? (
                  <div>
                    <h3 className="font-semibold">Our Vision</h3>
                    <p className="mt-1 leading-7 text-muted">{facility.vision}</p>
                  </div>
                ) : null}
                {facility.partnerships && facility.partnerships.length > 0 ? (
                  <div>
                    <h3 className="font-semibold">Partnerships &amp; Affiliations</h3>
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
                      {facility.partnerships.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            ) : null}
          </Section>

          <Section id="services" title="Services Offered">
            <ul className="grid gap-2 sm:grid-cols-2">
              {facility.services.map((service) => (
                <li key={service} className="flex items-start gap-2 text-ink">
                  <FacilityIcon name="check" className="mt-1 size-4 text-brand-700" />
                  {service}
                </li>
              ))}
            </ul>
          </Section>

          <Section id="specialties" title="Medical Specialties">
            <ul className="grid gap-4 sm:grid-cols-2">
              {facility.specialtyDetails.map((specialty) => (
                <li key={specialty.name} className="rounded-xl border border-slate-200 p-4">
                  <h3 className="font-semibold">{specialty.name}</h3>
                  <p className="mt-1 text-sm leading-6 text-muted">{specialty.description}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="professionals" title="Health Professionals">
            <ul className="grid gap-3 sm:grid-cols-2">
              {facility.professionals.map((person) => (
                <li key={person} className="flex items-start gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <FacilityIcon name="user" />
                  </span>
                  <span className="pt-1.5 text-ink">{person}</span>
                </li>
              ))}
            </ul>
          </Section>
        </div>

        <div className="space-y-8">
          <Section id="contact" title="Contact Information">
            <ul className="space-y-3 text-sm">
              {contact.phones.map((phone) => (
                <ContactItem key={phone} icon="phone" label="Phone">
                  <a href={telHref(phone)} className="text-brand-700 underline-offset-2 hover:underline">
                    {phone}
                  </a>
                </ContactItem>
              ))}
              <ContactItem icon="mail" label="Email">
                <a
                  href={`mailto:${contact.email}`}
                  className="break-all text-brand-700 underline-offset-2 hover:underline"
                >
                  {contact.email}
                </a>
              </ContactItem>
              {contact.website ? (
                <ContactItem icon="globe" label="Website">
                  <a
                    href={contact.website}
                    {...externalLink}
                    className="break-all text-brand-700 underline-offset-2 hover:underline"
                  >
                    {displayUrl(contact.website)}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </ContactItem>
              ) : null}
              <ContactItem icon="map-pin" label="Address">
                <address className="not-italic text-ink">{contact.address}</address>
              </ContactItem>
              {contact.facebook ? (
                <ContactItem icon="facebook" label="Facebook">
                  <a
                    href={contact.facebook}
                    {...externalLink}
                    className="break-all text-brand-700 underline-offset-2 hover:underline"
                  >
                    {displayUrl(contact.facebook)}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </ContactItem>
              ) : null}
              {contact.instagram ? (
                <ContactItem icon="instagram" label="Instagram">
                  <a
                    href={contact.instagram}
                    {...externalLink}
                    className="break-all text-brand-700 underline-offset-2 hover:underline"
                  >
                    {displayUrl(contact.instagram)}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </ContactItem>
              ) : null}
            </ul>
          </Section>

          {facility.openingHours ? (
            <Section id="opening-hours" title="Opening Hours">
              <table className="w-full text-sm">
                <caption className="sr-only">Opening hours, Ghana time</caption>
                <tbody>
                  {hoursTable(facility.openingHours).map((row) => (
                    <tr key={row.day} className="border-b border-slate-100 last:border-0">
                      <th scope="row" className="py-1.5 pr-4 text-left font-medium text-ink">
                        {row.day}
                      </th>
                      <td className="py-1.5 text-right text-muted">{row.hours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          ) : null}

          <Section id="languages" title="Languages Spoken">
            <ul className="flex flex-wrap gap-2">
              {facility.languages.map((language) => (
                <li key={language} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
                  {language}
                </li>
              ))}
            </ul>
          </Section>

          {facility.insurance.length > 0 ? (
            <Section id="insurance" title="Insurance Accepted">
              <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
                {facility.insurance.map((plan) => (
                  <li key={plan}>{plan}</li>
                ))}
              </ul>
            </Section>
          ) : null}

          <section
            id="book-appointment"
            aria-labelledby="book-appointment-title"
            className="rounded-2xl bg-brand-800 p-6 text-white shadow-sm"
          >
            <h2 id="book-appointment-title" className="text-xl font-bold">
              Book an Appointment
            </h2>
            <p className="mt-2 text-sm leading-6 text-brand-50">
              Call or email {facility.name} to arrange a visit or a specialist consultation.
            </p>
            <div className="mt-5 grid gap-3">
              {firstPhone ? (
                <a href={telHref(firstPhone)} className="btn bg-white text-brand-800 hover:bg-brand-50">
                  <FacilityIcon name="phone" />
                  Call Now
                </a>
              ) : null}
              <a
                href={`mailto:${contact.email}?subject=${encodeURIComponent("Appointment request")}`}
                className="btn border border-white text-white hover:bg-brand-700"
              >
                <FacilityIcon name="mail" />
                Send Email
              </a>
            </div>
          </section>

          <p className="text-sm text-muted">
            Something on this page out of date or wrong?{" "}
            <a href={`/facility/${facility.slug}/report`} className="font-semibold text-brand-700 underline">
              Report wrong information
            </a>
          </p>
        </div>
      </div>
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card sm:p-6">
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ContactItem({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <FacilityIcon name={icon} className="mt-0.5 size-4 text-brand-700" />
      <span className="min-w-0">
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}

/** Unknown or deactivated facility: HTTP 404 with the spec's screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main
        id="main"
        className="container-page flex min-h-[60vh] flex-col items-center justify-center py-16 text-center"
      >
        <h1 className="text-3xl font-bold">Facility Not Found</h1>
        <p className="mt-3 max-w-md text-muted">The facility you're looking for doesn't exist.</p>
        <a href="/facilities" className="btn-primary mt-6">
          <FacilityIcon name="arrow-left" />
          Back to Facilities
        </a>
      </main>
    );
  }
  throw error;
}
