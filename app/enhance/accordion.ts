/**
 * Accordions (`[data-accordion]`, components/marketing/faq-accordion.tsx): a question's button
 * opens its answer and closes the one open before; pressing it again closes it. The chevron
 * follows aria-expanded in CSS.
 */
export function enhanceAccordions(): void {
  for (const accordion of document.querySelectorAll<HTMLElement>("[data-accordion]")) {
    const buttons = [...accordion.querySelectorAll<HTMLButtonElement>("button[aria-controls]")];
    const setOpen = (button: HTMLButtonElement, open: boolean) => {
      button.setAttribute("aria-expanded", String(open));
      document.getElementById(button.getAttribute("aria-controls") ?? "")?.classList.toggle("hidden", !open);
    };
    accordion.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[aria-controls]");
      if (!button || !buttons.includes(button)) return;
      const open = button.getAttribute("aria-expanded") !== "true";
      for (const other of buttons) if (other !== button) setOpen(other, false);
      setOpen(button, open);
    });
  }
}
