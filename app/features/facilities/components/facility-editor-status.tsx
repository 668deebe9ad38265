import { Link } from "react-router";
import { useT } from "~/i18n/react";

/**
 * The editor's first line: the public profile's address (or that the facility is deactivated),
 * and for a system administrator the way back to all facilities.
 */
export function FacilityEditorStatus({
  isActive,
  slug,
  canVerify,
}: {
  isActive: boolean;
  slug: string;
  canVerify: boolean;
}) {
  const t = useT();
  return (
    <p className="text-muted">
      {isActive ? (
        <>
          {t("Public profile:")}{" "}
          <a href={`/facility/${slug}`} className="font-semibold text-brand-700 underline">
            /facility/{slug}
          </a>
        </>
      ) : (
        <strong className="text-red-800">
          {t("Deactivated: not in the directory, the sitemap or the referral form.")}
        </strong>
      )}
      {canVerify ? (
        <>
          {" · "}
          <Link to="/dashboard/system-admin/facilities" className="text-brand-700 underline">
            {t("All facilities")}
          </Link>
        </>
      ) : null}
    </p>
  );
}
