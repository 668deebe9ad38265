import { PageHeader } from "~/components/content/page-parts";
import { CONTACT_PAGE, CONTACT_SENT } from "~/content/contact";
import { SITE } from "~/content/site";
import { dbOf } from "~/db/context.server";
import { ContactForm } from "~/features/contact/components/contact-form";
import { OfficeMap } from "~/features/contact/components/office-map";
import { submitContactMessage } from "~/features/contact/contact.server";
import { readContactForm } from "~/features/contact/contact-fields";
import { contactSchema } from "~/features/contact/contact-schema";
import { useT } from "~/i18n/react";
import { formAction, readForm } from "~/lib/form-action.server";
import { once, postedKey } from "~/lib/idempotency.server";
import { requestInfo } from "~/lib/request-context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta } from "~/shell/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: CONTACT_PAGE.title, description: CONTACT_PAGE.description });

export const handle: RouteHandle = { static: true };

/*
 * The contact form's one path: the schema, then one message per idempotency key (decision
 * 027: the same post again, a retry after a timeout, is answered as the first was). The domain
 * function checks the values again, owns the rate limit and throws its refusals.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return formAction(form, {
    schema: contactSchema,
    run: () =>
      once(
        dbOf(context),
        { scope: "anonymous", key: postedKey(form), form: "contact" },
        (tx) => submitContactMessage(tx, readContactForm(form), { ip: requestInfo(context).ip }),
        (sent) => ({ status: 200, recordId: sent.id }),
      ),
    done: () => ({ toast: { ...CONTACT_SENT, variant: "success" } }),
    refused: (description, _messages, status) => ({
      title: status === 429 ? "Message Not Sent" : "Validation Error",
      description,
      variant: "destructive",
    }),
  });
}

const phoneHref = `tel:${SITE.phone.replaceAll(" ", "")}`;

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main">
      <PageHeader eyebrow="Contact" title={CONTACT_PAGE.title} lead={CONTACT_PAGE.lead} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1.5fr_1fr] lg:items-start">
        <section aria-labelledby="form-heading" className="card sm:p-8">
          <h2 id="form-heading" className="mb-6 text-xl font-bold">
            {t("Send us a message")}
          </h2>
          <ContactForm answer={actionData} />
        </section>

        <aside aria-label={t("Other ways to reach us")} className="space-y-4">
          <section aria-labelledby="email-heading" className="card">
            <h2 id="email-heading" className="font-semibold">
              {t("Email us")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t("We reply within 24 hours.")}</p>
            <a
              href={`mailto:${SITE.email.hello}`}
              className="mt-2 inline-block font-medium break-all text-brand-700 underline"
            >
              {SITE.email.hello}
            </a>
          </section>
          <section aria-labelledby="phone-heading" className="card">
            <h2 id="phone-heading" className="font-semibold">
              {t("Call us")}
            </h2>
            <p className="mt-1 text-sm text-muted">{t(SITE.office.hours)}</p>
            <a href={phoneHref} className="mt-1 inline-flex min-h-11 items-center font-medium text-brand-700 underline">
              {SITE.phone}
            </a>
          </section>
          <section aria-labelledby="office-heading" className="card">
            <h2 id="office-heading" className="font-semibold">
              {t("Visit our office")}
            </h2>
            <address className="mt-1 text-muted not-italic">
              {SITE.office.line1}
              <br />
              {SITE.office.city}, {SITE.office.country}
            </address>
            <p className="mt-1 text-sm text-muted">{t(SITE.office.hours)}</p>
            <div className="mt-4">
              <OfficeMap />
            </div>
            <a
              href={SITE.office.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block font-medium text-brand-700 underline"
            >
              {t("Open in OpenStreetMap")}
              <span className="sr-only"> {t("(opens in a new tab)")}</span>
            </a>
          </section>
        </aside>
      </div>
    </main>
  );
}
