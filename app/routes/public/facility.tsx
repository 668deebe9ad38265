import { data, redirect, useRouteLoaderData } from "react-router";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { profileMedianMinutes } from "~/features/appointments/public.server";
import { FacilityIcon } from "~/features/facilities/components/facility-icons";
import { FacilityNotFoundBoundary } from "~/features/facilities/components/facility-not-found";
import { FacilityPerformanceCard } from "~/features/facilities/components/facility-performance";
import {
  FacilityCallBar,
  FacilityProfileAside,
  FacilityProfileHeader,
  FacilityProfileMain,
  FacilityReviewComments,
} from "~/features/facilities/components/facility-profile";
import { getFacilityBySlug } from "~/features/facilities/facilities.server";
import { currentSlugFor } from "~/features/facilities/facility-admin-reads.server";
import { facilityJsonLd, serializeJsonLd } from "~/features/facilities/facility-jsonld";
import { inlineIllustration } from "~/features/facilities/illustration.server";
import { facilityPerformance } from "~/features/facilities/performance.server";
import { directoryAddress, phonesOf } from "~/features/facilities/profile-contact.server";
import { publicReviewComments } from "~/features/reviews/public.server";
import { databaseText } from "~/i18n/database-text";
import { translator } from "~/i18n/i18n";
import { localeOfPath, localePath } from "~/i18n/locales";
import { useLocalePath, useT } from "~/i18n/react";
import { useNonce } from "~/lib/nonce";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/facility";

/**
 * Nothing on a profile needs script: the page ships no JavaScript. Not kept by the page cache
 * (`versionedBy`): its referral performance comes from the referrals and the last 90 days, which no
 * content version follows.
 */
export const handle: RouteHandle = { hydrate: false };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const database = dbOf(context);
  const facility = await getFacilityBySlug(database, params.facilityId);
  if (facility) {
    return {
      facility,
      performance: await facilityPerformance(database, facility.id),
      comments: await publicReviewComments(database, facility.id),
      appointmentMedianMinutes: await profileMedianMinutes(database, facility.id),
      phones: phonesOf(facility.contact.phones),
      backToResults: directoryAddress(new URL(request.url).searchParams.get("from")),
      illustration: facility.photoId ? null : inlineIllustration(facility.image),
    };
  }
  // A renamed facility keeps answering at its earlier addresses (in the page's language).
  const moved = await currentSlugFor(database, params.facilityId);
  if (moved) throw redirect(localePath(localeOfPath(new URL(request.url).pathname), `/facility/${moved}`), 301);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => {
  const locale = localeOfPath(args.location.pathname);
  const facility = args.loaderData?.facility;
  if (!facility) {
    return [
      { title: `${translator(locale)("Facility Not Found")} | ${SITE.name}` },
      { name: "robots", content: "noindex" },
    ];
  }
  // The facility's name and place as written; its description in French where written (decision 044).
  return pageMeta(args, {
    title: `${facility.name}, ${facility.location}`,
    description: databaseText(locale, facility.description, facility.descriptionFr).text,
    path: `/facility/${facility.slug}`,
    translated: true,
  });
};

export default function FacilityProfile({ loaderData }: Route.ComponentProps) {
  const { facility, performance, phones, backToResults, illustration, comments, appointmentMedianMinutes } = loaderData;
  const nonce = useNonce();
  const t = useT();
  const to = useLocalePath();
  const origin = (useRouteLoaderData("root") as { appUrl?: string } | undefined)?.appUrl ?? "";

  return (
    <main id="main" className="pb-28 sm:pb-16">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD, serialised with "<" escaped.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(facilityJsonLd(facility, origin)) }}
      />
      <div className="container-page flex flex-wrap gap-x-6 pt-6">
        {backToResults ? (
          <a
            href={to(backToResults)}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            <FacilityIcon name="arrow-left" />
            {t("Back to the search results")}
          </a>
        ) : null}
        <a
          href={to("/")}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
        >
          <FacilityIcon name="arrow-left" />
          {t("Back to Home")}
        </a>
      </div>

      <FacilityProfileHeader facility={facility} illustration={illustration} />

      <div className="container-page mt-12">
        <FacilityPerformanceCard performance={performance} />
      </div>

      <div className="container-page mt-12 grid gap-8 lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <FacilityProfileMain facility={facility} />
          <FacilityReviewComments comments={comments} />
        </div>
        <FacilityProfileAside facility={facility} phones={phones} appointmentMedianMinutes={appointmentMedianMinutes} />
      </div>
      <FacilityCallBar name={facility.name} phones={phones} />
    </main>
  );
}

/** Unknown or deactivated facility: HTTP 404 with the spec's screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <FacilityNotFoundBoundary error={error} />;
}
