import { Fragment, type ReactNode } from "react";
import type { Block, PolicyDocument } from "~/content/legal";
import { INTL_LOCALE } from "~/i18n/locales";
import { useLocale, useLocalePath, useT } from "~/i18n/react";

/**
 * Building blocks for the text pages (about, careers, press kit, legal, investors): a page header
 * with the page's one h1, and inline text with [label](href) links, so copy can live in typed
 * content modules under app/content. Each text is passed through the page's catalogue (the English
 * is its key, docs/decisions/044), and a link to a page of the site goes to it in the page's language.
 */

export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <header className="border-b border-brand-100 bg-brand-50">
      <div className="container-page py-12 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t(eyebrow)}</p> : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t(title)}</h1>
        <p className="mt-4 max-w-3xl text-lg text-muted">{typeof lead === "string" ? t(lead) : lead}</p>
        {children}
      </div>
    </header>
  );
}

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/**
 * Text with [label](href) links and **bold** runs. External addresses open in a new tab,
 * announced to screen readers.
 */
export function InlineText({ text: english }: { text: string }) {
  const t = useT();
  const to = useLocalePath();
  const text = t(english);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, label, href, bold] = match;
    parts.push(text.slice(last, match.index));
    if (bold) {
      parts.push(
        <strong key={match.index} className="font-semibold text-ink">
          {bold}
        </strong>,
      );
    } else {
      const external = /^https?:/.test(href);
      parts.push(
        <a
          key={match.index}
          href={to(href)}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        >
          {label}
          {external ? <span className="sr-only"> {t("(opens in a new tab)")}</span> : null}
        </a>,
      );
    }
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  );
}

export function Blocks({ blocks }: { blocks: readonly Block[] }) {
  const t = useT();
  return (
    <>
      {blocks.map((block, i) => {
        if (typeof block === "string") {
          return (
            <p key={i} className="mt-3 first-of-type:mt-0">
              <InlineText text={block} />
            </p>
          );
        }
        if ("list" in block) {
          return (
            <ul key={i}>
              {block.list.map((item, j) => (
                <li key={j}>
                  <InlineText text={item} />
                </li>
              ))}
            </ul>
          );
        }
        return (
          <dl key={i} className="my-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {block.facts.map((fact) => (
              <div key={fact.term} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <dt className="font-semibold text-ink">{t(fact.term)}</dt>
                <dd className="leading-7 text-muted">
                  <InlineText text={fact.detail} />
                </dd>
              </div>
            ))}
          </dl>
        );
      })}
    </>
  );
}

/** A legal page: header, last-updated date (in the page's language), a table of contents and numbered sections. */
export function PolicyPage({ doc, eyebrow = "Legal" }: { doc: PolicyDocument; eyebrow?: string }) {
  const t = useT();
  const longDate = new Intl.DateTimeFormat(INTL_LOCALE[useLocale()], { dateStyle: "long", timeZone: "Africa/Accra" });
  return (
    <main id="main">
      <PageHeader eyebrow={eyebrow} title={doc.title} lead={<InlineText text={doc.summary} />}>
        <p className="mt-4 text-sm text-muted">
          {t("Last updated:")}{" "}
          <time dateTime={doc.updated}>{longDate.format(new Date(`${doc.updated}T12:00:00Z`))}</time>
        </p>
      </PageHeader>
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t("On this page")} className="lg:sticky lg:top-20 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-ink uppercase">{t("On this page")}</h2>
          <ol className="mt-3 space-y-1 text-sm">
            {doc.sections.map((section, i) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-block py-1 text-brand-700 hover:underline">
                  {i + 1}. {t(section.heading)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="prose-page max-w-3xl min-w-0">
          {doc.sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                {i + 1}. {t(section.heading)}
              </h2>
              <Blocks blocks={section.blocks} />
            </section>
          ))}
        </article>
      </div>
    </main>
  );
}

const CARD_TEXT = {
  lg: { title: "text-lg font-semibold", text: "mt-2 leading-7 text-muted" },
  md: { title: "font-semibold", text: "mt-2 leading-7 text-muted" },
  sm: { title: "font-semibold", text: "mt-2 text-sm leading-6 text-muted" },
} as const;

/** A grid of cards, each a title and a description (three across, or four with `columns={4}`). */
export function CardList({
  items,
  columns = 3,
  size = "md",
  className = "mt-8",
}: {
  items: ReadonlyArray<{ title: string; description: string }>;
  columns?: 3 | 4;
  size?: keyof typeof CARD_TEXT;
  className?: string;
}) {
  const t = useT();
  const grid = columns === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3";
  return (
    <ul className={`${className} grid gap-4 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className="card">
          <h3 className={CARD_TEXT[size].title}>{t(item.title)}</h3>
          <p className={CARD_TEXT[size].text}>{t(item.description)}</p>
        </li>
      ))}
    </ul>
  );
}
