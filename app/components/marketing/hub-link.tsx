import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HubSummary } from "~/content/hubs";

/** Where a hub leads (spec section 4): live hubs open their own site in a new tab, the rest /hub/{id}. */
export function hubHref(hub: HubSummary): { href: string; external: boolean } {
  return hub.status === "live" && hub.externalUrl
    ? { href: hub.externalUrl, external: true }
    : { href: `/hub/${hub.id}`, external: false };
}

export function HubLink({ hub, className, children }: { hub: HubSummary; className?: string; children: ReactNode }) {
  const { href, external } = hubHref(hub);
  if (external) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}
