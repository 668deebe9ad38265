import { PolicyPage } from "~/components/content/page-parts";
import { SECURITY_POLICY } from "~/content/legal";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/security";

export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: SECURITY_POLICY.title, description: SECURITY_POLICY.description });

export default function SecurityPage() {
  return <PolicyPage doc={SECURITY_POLICY} eyebrow="Trust and safety" />;
}
