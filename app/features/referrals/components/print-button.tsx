import { Link } from "react-router";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

/** Prints the page (its print stylesheet leaves the slip alone); without JavaScript, the slip's own page. */
export function PrintButton() {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="?print=1" className="btn-secondary">
        {t("Print referral slip")}
      </Link>
    );
  }
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      {t("Print referral slip")}
    </button>
  );
}
