import { PolicyPage } from "~/components/content/page-parts";
import { TERMS_OF_SERVICE } from "~/content/legal";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/terms-of-service";

export const handle: RouteHandle = { hydrate: false, static: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function TermsOfServicePage() {
  return <PolicyPage doc={TERMS_OF_SERVICE} eyebrow="Legal" />;
}
