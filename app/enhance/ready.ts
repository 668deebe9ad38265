/**
 * Marks the page's <main> once its page script has attached its behaviour (`main[data-enhanced]`),
 * the signal the end-to-end tests wait for before they type or click.
 */
export function markReady(): void {
  document.getElementById("main")?.setAttribute("data-enhanced", "");
}
