import { Link } from "react-router";
import { SITE } from "~/content/site";

export function Logo({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 font-bold text-lg tracking-tight"
      aria-label={`${SITE.name} home`}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill={tone === "dark" ? "#0d6156" : "#ffffff"} />
        <path d="M14 8h4v6h6v4h-6v6h-4v-6H8v-4h6z" fill={tone === "dark" ? "#ffffff" : "#0d6156"} />
      </svg>
      <span className={tone === "dark" ? "text-ink" : "text-white"}>{SITE.name}</span>
    </Link>
  );
}
