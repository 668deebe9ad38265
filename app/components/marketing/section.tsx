import type { ReactNode } from "react";
import { useT } from "~/i18n/react";

/** A page section with an h2 (sections are labelled by their heading). */
export function Section({
  id,
  title,
  intro,
  eyebrow,
  tone = "white",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  eyebrow?: string;
  tone?: "white" | "tint";
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`py-14 sm:py-20 ${tone === "tint" ? "bg-brand-50/60" : "bg-white"}`}
    >
      <div className="container-page">
        <div className="max-w-2xl">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t(eyebrow)}</p>
          ) : null}
          <h2 id={`${id}-title`} className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            {t(title)}
          </h2>
          {intro ? <p className="mt-3 text-base leading-7 text-muted">{t(intro)}</p> : null}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
