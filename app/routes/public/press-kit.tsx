import { useEffect, useRef, useState } from "react";
import { PageHeader } from "~/components/content/page-parts";
import { PRESS, PRESS_ASSETS, PRESS_COPY_BLOCKS, PRESS_FACTS } from "~/content/press";
import { SITE } from "~/content/site";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/press-kit";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: PRESS.title, description: PRESS.description });

export const handle: RouteHandle = { static: true };

/** How long the "Copied" confirmation stays on a Copy button (spec section 4). */
const COPIED_FOR_MS = 2000;

/** The Clipboard API, or where it is missing or refused, the older route through a hidden text area. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not a secure context: try the older route.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

function CheckIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

type CopyState = "idle" | "copied" | "failed";

/**
 * A ready-to-use description with its Copy button. The button copies the text, says "Copied"
 * for 2 seconds and announces it; where copying is blocked it selects the text for copying by
 * hand. Before React runs (or without JavaScript) the button keeps its place but is hidden and
 * off: the text can be selected and copied as it is.
 */
function CopyBlock({ id, title, text }: { id: string; title: string; text: string }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>("idle");
  const textRef = useRef<HTMLParagraphElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const copied = await copyText(text);
    // Leave the text selected so it can be copied by hand.
    if (!copied && textRef.current) window.getSelection()?.selectAllChildren(textRef.current);
    setState(copied ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), COPIED_FOR_MS);
  };

  return (
    <li className="card">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">{title}</h3>
        <button
          type="button"
          disabled={!hydrated}
          onClick={copy}
          className={`btn-secondary min-w-32 shrink-0 ${hydrated ? "" : "invisible"}`}
        >
          {state === "copied" ? (
            <>
              <CheckIcon />
              Copied
            </>
          ) : state === "failed" ? (
            "Text selected"
          ) : (
            "Copy"
          )}
          <span className="sr-only"> {title}</span>
        </button>
        <span role="status" className="sr-only">
          {state === "copied"
            ? `${title} copied to the clipboard`
            : state === "failed"
              ? "Copying is blocked in this browser: the text is selected, copy it with your keyboard"
              : ""}
        </span>
      </div>
      <p
        id={`copy-${id}`}
        ref={textRef}
        className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4 leading-7 text-ink"
      >
        {text}
      </p>
    </li>
  );
}

export default function PressKitPage() {
  return (
    <main id="main">
      <PageHeader eyebrow={PRESS.eyebrow} title={PRESS.heading} lead={PRESS.lead}>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={`mailto:${SITE.email.press}`} className="btn-primary">
            Email the press team
          </a>
          <a href={`tel:${SITE.phone.replaceAll(" ", "")}`} className="btn-secondary">
            Call {SITE.phone}
          </a>
        </div>
      </PageHeader>

      <section aria-labelledby="copy" className="container-page py-12">
        <h2 id="copy" className="text-2xl font-bold">
          Ready-to-use descriptions
        </h2>
        <p className="mt-2 max-w-3xl text-muted">Copy these as they are, or shorten them to fit your piece.</p>
        <ul className="mt-6 grid gap-5">
          {PRESS_COPY_BLOCKS.map((block) => (
            <CopyBlock key={block.id} id={block.id} title={block.title} text={block.text} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="facts" className="bg-slate-50 py-12">
        <div className="container-page">
          <h2 id="facts" className="text-2xl font-bold">
            Key facts
          </h2>
          <dl className="mt-6 grid gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-2">
            {PRESS_FACTS.map((fact) => (
              <div key={fact.term} className="bg-white p-4">
                <dt className="text-sm font-medium text-muted">{fact.term}</dt>
                <dd className="mt-1 font-semibold text-ink">{fact.detail}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="assets" className="container-page py-12">
        <h2 id="assets" className="text-2xl font-bold">
          Brand assets
        </h2>
        <p id="assets-reason" className="mt-2 max-w-3xl leading-7 text-muted">
          {PRESS.assetsReason}
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {PRESS_ASSETS.map((asset) => (
            <li key={asset.id} className="card flex items-center justify-between gap-4">
              <div className="min-w-0">
                <h3 className="font-semibold">{asset.title}</h3>
                <p className="text-sm text-muted">{asset.format}</p>
              </div>
              <button type="button" disabled aria-describedby="assets-reason" className="btn-secondary shrink-0">
                Download<span className="sr-only"> {asset.title}</span>
              </button>
            </li>
          ))}
        </ul>
        <a
          href={`mailto:${SITE.email.press}?subject=${encodeURIComponent("Press kit request")}`}
          className="btn-primary mt-6"
        >
          Request the files by email
        </a>
      </section>
    </main>
  );
}
