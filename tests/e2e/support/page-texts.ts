import type { Page } from "@playwright/test";

/**
 * The texts a page shows (and its labels and placeholders), for the French checks (decision 044):
 * elements marked in another language (`lang="en"`: database texts without French) are left out,
 * with scripts, styles and what `omit` names (a selector: texts people typed, such as the
 * facilities on the referral form).
 */
export async function pageTexts(page: Page, omit?: string): Promise<string[]> {
  return page.evaluate((extra) => {
    const body = document.body.cloneNode(true) as HTMLElement;
    const left = ['[lang]:not([lang="fr"])', "script", "style", ...(extra ? [extra] : [])].join(", ");
    for (const el of body.querySelectorAll(left)) el.remove();
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    while (walker.nextNode()) found.push((walker.currentNode.textContent ?? "").trim());
    for (const el of body.querySelectorAll("[aria-label], [placeholder]"))
      found.push(el.getAttribute("aria-label") ?? "", el.getAttribute("placeholder") ?? "");
    return found.filter(Boolean);
  }, omit);
}
