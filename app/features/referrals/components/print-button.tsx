import { Link } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** Prints the page (its print stylesheet leaves the slip alone); without JavaScript, the slip's own page. */
export function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="?print=1" className="btn-secondary">
        Print referral slip
      </Link>
    );
  }
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      Print referral slip
    </button>
  );
}
