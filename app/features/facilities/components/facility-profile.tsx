import type { ReactNode } from "react";
import type { IconName } from "~/components/marketing/icon";
import { INTL_LOCALE, type Locale } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/react";
import type { FacilityProfile } from "../facilities.server";
import { displayUrl, isRated, NOT_YET_RATED, ratingValue } from "../facility-format";
import { hoursTable } from "../opening-hours";
import { durationLabel } from "../performance-format";
import type { ProfilePhone } from "../profile-contact.server";
import { FacilityImage, LicenceVerified, NhisBadge, TypeBadge } from "./facility-card";
import { FacilityIcon } from "./facility-icons";

/*
 * A facility's public profile (spec section 2): its header, the main column (about, services,
 * specialties, professionals) and the side column (contact, hours, languages, insurance, booking).
 * Server-rendered only: the page ships no JavaScript. In the page's language; what the
 * facility wrote (about, services, specialties, people, languages, insurance) has no French column
 * and is marked lang="en" on a French page (docs/decisions/044).
 */

type Profile = FacilityProfile & { reviewRating: Parameters<typeof isRated>[0] };

const externalLink = { target: "_blank", rel: "noopener noreferrer" } as const;

/** The `lang` of the facility's own words: English, said so on a page in another language. */
function facilityLang(locale: Locale): "en" | undefined {
  return locale === "en" ? undefined : "en";
}

/** Photo, badges, name, place, rating, emergency care, and the Book and Contact links. */
export function FacilityProfileHeader({
  facility,
  illustration,
}: {
  facility: Profile;
  /** The illustration (no photo yet) as a data: address, drawn with the page. */
  illustration?: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <header className="container-page mt-2 grid items-center gap-6 md:grid-cols-2 md:gap-10">
      <FacilityImage
        facility={facility}
        priority
        inline={illustration}
        sizes="(min-width: 768px) 50vw, 100vw"
        className="aspect-video h-auto w-full rounded-2xl border border-slate-200 bg-brand-50 object-cover"
      />
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={facility.type} />
          {facility.nhisAccepted ? <NhisBadge /> : null}
          {facility.licenceVerifiedOn ? <LicenceVerified verifiedOn={facility.licenceVerifiedOn} /> : null}
        </div>
        {facility.hefraLicence ? (
          <p className="mt-2 text-sm text-muted">{t("facility.hefraLicence", { licence: facility.hefraLicence })}</p>
        ) : null}
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{facility.name}</h1>
        <p className="mt-3 flex items-center gap-1.5 text-muted">
          <FacilityIcon name="map-pin" />
          {facility.location}
        </p>
        <p className="mt-2 flex items-center gap-1.5">
          {isRated(facility.reviewRating) ? (
            <>
              <FacilityIcon name="star" filled className="size-5 text-amber-500" />
              <span className="font-semibold">
                <span className="sr-only">{t("Rated")} </span>
                {ratingValue(facility.reviewRating.average, locale)}
                <span className="sr-only"> {t("out of 5")}</span>
              </span>
              <span className="text-muted">({t("facility.reviews", { count: facility.reviewRating.count })})</span>
            </>
          ) : (
            <span className="text-muted">{t(NOT_YET_RATED)}</span>
          )}
        </p>
        {facility.emergency ? (
          <p className="mt-3 flex items-center gap-1.5 font-medium text-red-800">
            <FacilityIcon name="clock" />
            {t("24/7 Emergency Services Available")}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {/* Booking is by phone or email (no online booking yet): the button says so. */}
          <a href="#book-appointment" className="btn-primary">
            <FacilityIcon name="calendar" />
            <span>
              {t("Book Appointment")} <span className="text-sm font-normal">{t("by phone or email")}</span>
            </span>
          </a>
          <a href="#contact" className="btn-secondary">
            <FacilityIcon name="phone" />
            {t("Contact")}
          </a>
        </div>
      </div>
    </header>
  );
}

/** About (mission, vision, partnerships), services, specialties and health professionals. */
export function FacilityProfileMain({ facility }: { facility: Profile }) {
  const t = useT();
  const lang = facilityLang(useLocale());
  const hasAbout = facility.mission || facility.vision || (facility.partnerships?.length ?? 0) > 0;
  return (
    <div className="space-y-8 lg:col-span-2">
      <Section id="about" title={t("facility.about")}>
        <p className="leading-7 text-muted" lang={lang}>
          {facility.about}
        </p>
        {hasAbout ? (
          <div className="mt-6 space-y-5">
            {facility.mission ? (
              <div>
                <h3 className="font-semibold">{t("Our Mission")}</h3>
                <p className="mt-1 leading-7 text-muted" lang={lang}>
                  {facility.mission}
                </p>
              </div>
            ) : null}
            {facility.vision ? (
              <div>
                <h3 className="font-semibold">{t("Our Vision")}</h3>
                <p className="mt-1 leading-7 text-muted" lang={lang}>
                  {facility.vision}
                </p>
              </div>
            ) : null}
            {facility.partnerships && facility.partnerships.length > 0 ? (
              <div>
                <h3 className="font-semibold">{t("Partnerships & Affiliations")}</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-muted" lang={lang}>
                  {facility.partnerships.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </Section>

      <Section id="services" title={t("Services Offered")}>
        <ul className="grid gap-2 sm:grid-cols-2" lang={lang}>
          {facility.services.map((service) => (
            <li key={service} className="flex items-start gap-2 text-ink">
              <FacilityIcon name="check" className="mt-1 size-4 text-brand-700" />
              {service}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="specialties" title={t("Medical Specialties")}>
        <ul className="grid gap-4 sm:grid-cols-2" lang={lang}>
          {facility.specialtyDetails.map((specialty) => (
            <li key={specialty.name} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold">{specialty.name}</h3>
              <p className="mt-1 text-sm leading-6 text-muted">{specialty.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="professionals" title={t("Health Professionals")}>
        <ul className="grid gap-3 sm:grid-cols-2" lang={lang}>
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
  );
}

/** Contact, opening hours, languages, insurance, booking and the link to report wrong information. */
export function FacilityProfileAside({
  facility,
  phones,
  appointmentMedianMinutes = null,
}: {
  facility: Profile;
  phones: ProfilePhone[];
  /** The median time to answer appointment requests, once it has answered 5. */
  appointmentMedianMinutes?: number | null;
}) {
  const { contact } = facility;
  const firstPhone = phones[0];
  const t = useT();
  const locale = useLocale();
  const to = useLocalePath();
  const lang = facilityLang(locale);
  const newTab = <span className="sr-only"> {t("(opens in a new tab)")}</span>;
  return (
    <div className="space-y-8">
      <Section id="contact" title={t("Contact Information")}>
        <ul className="space-y-3 text-sm">
          {phones.map((phone) => (
            <ContactItem key={phone.href} icon="phone" label={t("Phone")}>
              {/* A number is never broken across lines. */}
              <a href={phone.href} className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline">
                {phone.display}
              </a>
            </ContactItem>
          ))}
          <ContactItem icon="mail" label={t("Email")}>
            <a href={`mailto:${contact.email}`} className="break-all text-brand-700 underline-offset-2 hover:underline">
              {contact.email}
            </a>
          </ContactItem>
          {contact.website ? (
            <ContactItem icon="globe" label={t("Website")}>
              <a
                href={contact.website}
                {...externalLink}
                className="break-all text-brand-700 underline-offset-2 hover:underline"
              >
                {displayUrl(contact.website)}
                {newTab}
              </a>
            </ContactItem>
          ) : null}
          <ContactItem icon="map-pin" label={t("Address")}>
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
                {newTab}
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
                {newTab}
              </a>
            </ContactItem>
          ) : null}
        </ul>
      </Section>

      {facility.openingHours ? (
        <Section id="opening-hours" title={t("Opening Hours")}>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("Opening hours, Ghana time")}</caption>
            <tbody>
              {hoursTable(facility.openingHours, locale, t).map((row) => (
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

      <Section id="languages" title={t("Languages Spoken")}>
        <ul className="flex flex-wrap gap-2" lang={lang}>
          {facility.languages.map((language) => (
            <li key={language} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
              {language}
            </li>
          ))}
        </ul>
      </Section>

      {facility.insurance.length > 0 ? (
        <Section id="insurance" title={t("Insurance Accepted")}>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted" lang={lang}>
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
          {t("Book an Appointment")}
        </h2>
        <p className="mt-2 text-sm leading-6 text-brand-50">{t("facility.book.lead", { name: facility.name })}</p>
        {appointmentMedianMinutes !== null ? (
          <p className="mt-2 text-sm text-brand-50">
            {t("facility.book.median", { duration: durationLabel(appointmentMedianMinutes, locale) })}
          </p>
        ) : null}
        <div className="mt-5 grid gap-3">
          <a
            href={to(`/facility/${facility.slug}/appointment`)}
            className="btn bg-white text-brand-800 hover:bg-brand-50"
          >
            <FacilityIcon name="calendar" />
            {t("Request an appointment")}
          </a>
          {firstPhone ? (
            <a href={firstPhone.href} className="btn bg-white text-brand-800 hover:bg-brand-50">
              <FacilityIcon name="phone" />
              {t("Call Now")}
            </a>
          ) : null}
          <a
            href={`mailto:${contact.email}?subject=${encodeURIComponent(t("Appointment request"))}`}
            className="btn border border-white text-white hover:bg-brand-700"
          >
            <FacilityIcon name="mail" />
            {t("Send Email")}
          </a>
        </div>
      </section>

      <p className="text-sm text-muted">
        {t("Something on this page out of date or wrong?")}{" "}
        <a href={to(`/facility/${facility.slug}/report`)} className="font-semibold text-brand-700 underline">
          {t("Report wrong information")}
        </a>
      </p>
    </div>
  );
}

/**
 * On a phone, Call and WhatsApp stay at the bottom of the screen: the first number, and
 * WhatsApp on the first mobile number. Hidden from a wider screen, where the contact card is in view.
 */
export function FacilityCallBar({ name, phones }: { name: string; phones: ProfilePhone[] }) {
  const t = useT();
  const call = phones[0];
  const whatsapp = phones.find((p) => p.whatsapp)?.whatsapp;
  if (!call) return null;
  return (
    <nav
      aria-label={t("facility.contactName", { name })}
      className="fixed inset-x-0 bottom-0 z-30 flex gap-3 border-t border-slate-200 bg-white p-3 shadow-lg sm:hidden print:hidden"
    >
      <a href={call.href} className="btn-primary flex-1">
        <FacilityIcon name="phone" />
        {t("Call")}
      </a>
      {whatsapp ? (
        <a href={whatsapp} {...externalLink} className="btn-secondary flex-1">
          WhatsApp
          <span className="sr-only"> {t("(opens WhatsApp)")}</span>
        </a>
      ) : null}
    </nav>
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
  const t = useT();
  return (
    <li className="flex items-start gap-3">
      <FacilityIcon name={icon} className="mt-0.5 size-4 text-brand-700" />
      <span className="min-w-0">
        <span className="sr-only">{t("facility.contactLabel", { label })} </span>
        {children}
      </span>
    </li>
  );
}

/** A date for a review: "3 Nov 2026" ("3 nov. 2026" in French), Ghana time. */
const REVIEW_DATE = { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Accra" } as const;

/**
 * What referring doctors wrote, newest first, without those the facility reported; the
 * writers are not named. Nothing shown before the first comment.
 */
export function FacilityReviewComments({
  comments,
}: {
  comments: { rating: number; comment: string; createdAt: string }[];
}) {
  const t = useT();
  const reviewDate = new Intl.DateTimeFormat(INTL_LOCALE[useLocale()], REVIEW_DATE);
  if (comments.length === 0) return null;
  return (
    <Section id="reviews" title={t("Reviews from referring doctors")}>
      <ul className="space-y-4">
        {comments.map((c) => (
          <li key={`${c.createdAt}-${c.comment}`} className="border-b border-slate-100 pb-4 last:border-0 last:pb-0">
            <p className="flex items-center gap-1.5 text-sm">
              <FacilityIcon name="star" filled className="size-4 text-amber-500" />
              <span className="font-semibold">
                <span className="sr-only">{t("Rated")} </span>
                {c.rating}
                <span className="sr-only"> {t("out of 5")}</span>
              </span>
              <span className="text-muted">· {reviewDate.format(new Date(c.createdAt))}</span>
            </p>
            <p className="mt-1 leading-7 text-ink">{c.comment}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-muted">
        {t(
          "Written by doctors whose referrals the facility completed. A facility may report a comment; a reported comment is no longer shown.",
        )}
      </p>
    </Section>
  );
}
