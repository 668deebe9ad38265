import { PolicyPage } from "~/components/content/page-parts";
import { COOKIE_POLICY } from "~/content/legal";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/cookie-policy";

export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: COOKIE_POLICY.title, description: COOKIE_POLICY.description });

export default function CookiePolicyPage() {
  return <PolicyPage doc={COOKIE_POLICY} eyebrow="Legal" />;
}
