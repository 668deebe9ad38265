import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { englishPattern, FRAME_TEXTS, type Locale, SHELL_TEXTS } from "./locales";

type TextFiles = { pages: string[]; platformPages?: string[] } & Partial<Record<Locale, Record<string, string>>>;

let files: TextFiles | undefined;

/**
 * The build's list of the pages' text files (scripts/vite-po-catalogue.ts writes
 * BUILD_DIR/page-texts.json): none while developing, where the browser loads its language's parts whole.
 */
function textFiles(): TextFiles {
  if (!files) {
    const file = path.resolve(process.env.BUILD_DIR ?? "build", "page-texts.json");
    files = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as TextFiles) : { pages: [] };
  }
  return files;
}

/** Whether `pattern` (React Router's: `dashboard/doctor`) is a page of the signed-in platform. */
export function isPlatformPage(pattern: string): boolean {
  return textFiles().platformPages?.includes(englishPattern(pattern)) ?? false;
}

/**
 * The texts a page's first load fetches, in its language (decision 044), as `{ key, href }` (`key`:
 * what the browser calls them, app/i18n/load-catalogue.ts): the shell's, the platform's frame's on
 * its pages, and the page's own. The page's HTML preloads them beside its code, so they arrive with
 * it. `pattern` is React Router's (`fr/hub/:hubId`); none for a route the build did not list.
 */
export function pageTextFiles(locale: Locale, pattern: string): { key: string; href: string }[] {
  const { pages, platformPages = [], [locale]: byKey = {} } = textFiles();
  const page = englishPattern(pattern);
  const groups = pages.includes(page)
    ? [SHELL_TEXTS, page]
    : platformPages.includes(page)
      ? [SHELL_TEXTS, FRAME_TEXTS, page]
      : [];
  return groups.flatMap((key) => (byKey[key] ? [{ key, href: `/${byKey[key]}` }] : []));
}
