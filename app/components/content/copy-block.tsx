import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/react";
import { useHydrated } from "~/lib/use-hydrated";

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
export function CopyBlock({ id, title, text }: { id: string; title: string; text: string }) {
  const t = useT();
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
              {t("Copied")}
            </>
          ) : state === "failed" ? (
            t("Text selected")
          ) : (
            t("Copy")
          )}
          <span className="sr-only"> {title}</span>
        </button>
        <span role="status" className="sr-only">
          {state === "copied"
            ? t("copy.done", { title })
            : state === "failed"
              ? t("Copying is blocked in this browser: the text is selected, copy it with your keyboard")
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
