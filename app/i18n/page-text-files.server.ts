import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { englishPattern, type Locale } from "./locales";

type TextFiles = { pages: string[] } & Partial<Record<Locale, Record<string, string>>>;

let files: TextFiles | undefined;

/**
 * The build's list of the public pages' text files (scripts/vite-po-catalogue.ts writes
 * BUILD_DIR/page-texts.json): none while developing, where the browser loads the site's texts whole.
 */
function textFiles(): TextFiles {
  if (!files) {
    const file = path.resolve(process.env.BUILD_DIR ?? "build", "page-texts.json");
    files = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as TextFiles) : { pages: [] };
  }
  return files;
}

/**
 * The texts a public page's first load fetches, in its language (decision 044): the shell's and the
 * page's own, as `{ key, href }` (`key`: what the browser calls them, app/i18n/load-catalogue.ts).
 * The page's HTML preloads them beside its code, so they arrive with it. None for the platform's
 * pages (`pattern` is React Router's: `fr/hub/:hubId`).
 */
export function pageTextFiles(locale: Locale, pattern: string): { key: string; href: string }[] {
  const { pages, [locale]: byKey = {} } = textFiles();
  const page = englishPattern(pattern);
  if (!pages.includes(page)) return [];
  return ["shell", page].flatMap((key) => (byKey[key] ? [{ key, href: `/${byKey[key]}` }] : []));
}
