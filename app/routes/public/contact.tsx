import { data } from "react-router";
import { PageHeader } from "~/components/content/page-parts";
import { fieldErrorsOf, parseSubmission } from "~/components/forms/schema-form";
import { CONTACT_PAGE, CONTACT_SENT } from "~/content/contact";
import { SITE } from "~/content/site";
import { db } from "~/db/database.server";
import { type ContactActionData, ContactForm } from "~/features/contact/components/contact-form";
import { OfficeMap } from "~/features/contact/components/office-map";
import { submitContactMessage } from "~/features/contact/contact.server";
import { readContactForm } from "~/features/contact/contact-fields";
import { contactSchema } from "~/features/contact/contact-schema";
import { requestInfo } from "~/lib/request-context.server";
import { pageMeta } from "~/lib/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: CONTACT_PAGE.title, description: CONTACT_PAGE.description });

export const handle: RouteHandle = { static: true };

const VALIDATION_ERROR = "Validation Error";

export async function action({ request, context }: Route.ActionArgs) {
  // A body that is not a form (wrong content type, garbage) is treated as an empty form: a 400, never a 500.
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseSubmission(formData, contactSchema);
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return data<ContactActionData>(
      {
        status: "invalid",
        result: submission.reply(),
        toast: { title: VALIDATION_ERROR, description: first ?? undefined, variant: "destructive" },
      },
      { status: 400 },
    );
  }
  // The domain function checks the values again and owns the rate limit.
  const result = await submitContactMessage(await db(), readContactForm(formData), { ip: requestInfo(context).ip });
  if (result.status === "sent") {
    return data<ContactActionData>({
      status: "sent",
      result: submission.reply({ resetForm: true }),
      toast: { ...CONTACT_SENT, variant: "success" },
    });
  }
  if (result.status === "invalid") {
    return data<ContactActionData>(
      {
        status: "invalid",
        result: submission.reply({ fieldErrors: fieldErrorsOf(result.fieldErrors) }),
        toast: { title: VALIDATION_ERROR, description: result.message, variant: "destructive" },
      },
      { status: 400 },
    );
  }
  return data<ContactActionData>(
    {
      status: "rate-limited",
      result: submission.reply(),
      toast: { title: "Message Not Sent", description: result.message, variant: "destructive" },
    },
    { status: 429 },
  );
}

const phoneHref = `tel:${SITE.phone.replaceAll(" ", "")}`;

export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <main id="main">
      <PageHeader eyebrow="Contact" title={CONTACT_PAGE.title} lead={CONTACT_PAGE.lead} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[1.5fr_1fr] lg:items-start">
        <section aria-labelledby="form-heading" className="card sm:p-8">
          <h2 id="form-heading" className="mb-6 text-xl font-bold">
            Send us a message
          </h2>
          <ContactForm answer={actionData} />
        </section>

        <aside aria-label="Other ways to reach us" className="space-y-4">
          <section aria-labelledby="email-heading" className="card">
            <h2 id="email-heading" className="font-semibold">
              Email us
            </h2>
            <p className="mt-1 text-sm text-muted">We reply within 24 hours.</p>
            <a
              href={`mailto:${SITE.email.hello}`}
              className="mt-2 inline-block font-medium break-all text-brand-700 underline"
            >
              {SITE.email.hello}
            </a>
          </section>
          <section aria-labelledby="phone-heading" className="card">
            <h2 id="phone-heading" className="font-semibold">
              Call us
            </h2>
            <p className="mt-1 text-sm text-muted">{SITE.office.hours}</p>
            <a href={phoneHref} className="mt-2 inline-block font-medium text-brand-700 underline">
              {SITE.phone}
            </a>
          </section>
          <section aria-labelledby="office-heading" className="card">
            <h2 id="office-heading" className="font-semibold">
              Visit our office
            </h2>
            <address className="mt-1 text-muted not-italic">
              {SITE.office.line1}
              <br />
              {SITE.office.city}, {SITE.office.country}
            </address>
            <p className="mt-1 text-sm text-muted">{SITE.office.hours}</p>
            <div className="mt-4">
              <OfficeMap />
            </div>
            <a
              href={SITE.office.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-block font-medium text-brand-700 underline"
            >
              Open in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </section>
        </aside>
      </div>
    </main>
  );
}
