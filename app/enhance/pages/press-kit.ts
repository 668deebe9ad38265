import { markReady } from "../ready";

/** How long the "Copied" confirmation stays on a Copy button (spec section 4). */
const COPIED_FOR_MS = 2000;

/**
 * /press-kit: each Copy button copies its block's text (the Clipboard API, or the older
 * execCommand route through a hidden text area), says "Copied" for 2 seconds and announces it.
 * Where copying is blocked, the text is selected for copying by hand.
 */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not a secure context: fall back below.
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

function checkIcon(): SVGSVGElement {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  for (const [name, value] of Object.entries({
    width: "16",
    height: "16",
    viewBox: "0 0 24 24",
    "aria-hidden": "true",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2.5",
  })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M20 6 9 17l-5-5");
  svg.append(path);
  return svg;
}

type State = "idle" | "copied" | "failed";

for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-copy]")) {
  const target = document.getElementById(button.dataset.copy ?? "");
  const hidden = button.querySelector(".sr-only");
  const label = hidden?.textContent?.trim() ?? "";
  const status = button.nextElementSibling;
  if (!target || !hidden || !status) continue;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const render = (state: State) => {
    const visible: Array<Node | string> =
      state === "copied" ? [checkIcon(), "Copied"] : state === "failed" ? ["Text selected"] : ["Copy"];
    button.replaceChildren(...visible, hidden);
    status.textContent =
      state === "copied"
        ? `${label} copied to the clipboard`
        : state === "failed"
          ? "Copying is blocked in this browser: the text is selected, copy it with your keyboard"
          : "";
  };

  button.addEventListener("click", async () => {
    const copied = await copyText(target.textContent ?? "");
    button.focus();
    // Leave the text selected so it can be copied by hand.
    if (!copied) window.getSelection()?.selectAllChildren(target);
    render(copied ? "copied" : "failed");
    clearTimeout(timer);
    timer = setTimeout(() => render("idle"), COPIED_FOR_MS);
  });
  button.disabled = false;
}

markReady();
