import { Icon } from "./marketing/icon";

/** A specialty hub's icon, by the name stored in `Hub.icon` (app/content/hubs.ts); unknown names draw "activity". */
export function HubIcon({ name, className = "size-6" }: { name: string; className?: string }) {
  return <Icon name={name} fallback="activity" className={className} />;
}
