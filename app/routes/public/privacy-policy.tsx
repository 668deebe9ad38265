import { PolicyPage } from "~/components/content/page-parts";
import { PRIVACY_POLICY } from "~/content/legal";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/privacy-policy";

export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });

export default function PrivacyPolicyPage() {
  return <PolicyPage doc={PRIVACY_POLICY} eyebrow="Legal" />;
}
