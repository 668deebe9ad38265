import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The rules once found failing on signed-in pages, whatever their impact:
 * label-content-name-mismatch (experimental in axe, so off unless asked), scrollable-region-focusable
 * and empty-table-header (a best practice).
 */
const NAMED_RULES = ["label-content-name-mismatch", "scrollable-region-focusable", "empty-table-header"];

/**
 * `expectAccessible` (no serious or critical WCAG 2.1 A/AA violation) and the named rules pass,
 * whatever their impact, and they ran (an experimental rule is skipped silently if not enabled):
 * one axe pass over the page for both (decision 038: two passes per page were most of a scan's time).
 */
export async function expectAccessibleWithNamedRules(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: "tag", values: WCAG_TAGS },
      rules: Object.fromEntries(NAMED_RULES.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (r) => r.id,
  );
  expect(
    NAMED_RULES.filter((id) => !ran.includes(id)),
    "axe ran the named rules",
  ).toEqual([]);
  const failing = results.violations.filter(
    (v) => NAMED_RULES.includes(v.id) || v.impact === "serious" || v.impact === "critical",
  );
  expect(
    failing.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    `axe on ${page.url()}`,
  ).toEqual([]);
}
