import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_LOCALE, LOCALES } from "../app/i18n/locales.ts";

/**
 * Which catalogue texts each public page's code can ask for (docs/decisions/044, "The public
 * pages' texts"): the browser fetches the shell's texts (root, the public layout, the header and
 * footer, the error screens, in the browser) and the page's own, not the whole site's. Found without running the
 * code: a page's modules are the route module and everything it imports, its server modules too
 * (the texts an action answers with are shown by the page), and a key is the page's when one of
 * those modules writes it as a string literal, or begins a template literal the way the key begins
 * (`insight.last.${period}`). A part the page loads later (`import("./register-form")`) brings its
 * own texts when it loads (its "lazy part"), so the page's first load does not carry them; a text
 * only the server writes stays with the page. Reading more than the page shows only costs bytes; a
 * key read nowhere would show in English, which `tests/e2e/french.spec.ts` catches (a French page's
 * hydration differing from the server's HTML, a catalogue text shown in English).
 */

/** A route of app/routes.ts as React Router's config helpers give it. */
type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };

export type PublicPage = {
  /** React Router's id of the English route: its file without the extension (routes/auth/auth). */
  id: string;
  /** The English address pattern (/hub/:hubId); the French route's is the same under /fr. */
  pattern: string;
  file: string;
};

export const PUBLIC_LAYOUT_FILE = "routes/public/layout.tsx";
/** The signed-in platform's frame: every platform page is drawn in it. */
export const PLATFORM_LAYOUT_FILE = "routes/dashboard/layout.tsx";

/** A page of the signed-in platform, with the layouts between the frame and it (its gate). */
export type PlatformPage = PublicPage & { layouts: string[] };

/** The platform's pages: the routes below its frame, with the layouts each is drawn in below it. */
export function platformPages(routes: RouteEntry[]): PlatformPage[] {
  const pages: PlatformPage[] = [];
  const walk = (entries: RouteEntry[], prefix: string, layouts: string[] | null) => {
    for (const entry of entries) {
      const at = [prefix, entry.path].filter(Boolean).join("/");
      if (entry.children) {
        const inside = entry.file === PLATFORM_LAYOUT_FILE ? [] : layouts && [...layouts, entry.file];
        walk(entry.children, at, inside);
      } else if (layouts) {
        pages.push({ id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), pattern: `/${at}`, file: entry.file, layouts });
      }
    }
  };
  walk(routes, "", null);
  return pages;
}

/** The English public pages: the routes below the public layout without a language prefix. */
export function publicPages(routes: RouteEntry[]): PublicPage[] {
  const pages: PublicPage[] = [];
  const walk = (entries: RouteEntry[], prefix: string, underPublic: boolean) => {
    for (const entry of entries) {
      const at = [prefix, entry.path].filter(Boolean).join("/");
      if (entry.children) {
        // Another language's layout (`fr/...` ids) serves the same modules at /fr: its pages are the English ones.
        if (
          entry.file === PUBLIC_LAYOUT_FILE &&
          LOCALES.some((l) => l !== DEFAULT_LOCALE && entry.id?.startsWith(`${l}/`))
        )
          continue;
        walk(entry.children, at, underPublic || entry.file === PUBLIC_LAYOUT_FILE);
      } else if (underPublic) {
        pages.push({ id: entry.id ?? entry.file.replace(/\.tsx?$/, ""), pattern: `/${at}`, file: entry.file });
      }
    }
  };
  walk(routes, "", false);
  return pages;
}

export function resolveImport(from: string, specifier: string, appDir: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appDir, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+)["']/g;
const LAZY_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** A double-quoted literal's text (JSON's escapes; any other, such as `\x41`, is kept as written). */
function unescaped(text: string): string {
  try {
    return JSON.parse(`"${text}"`);
  } catch {
    return text;
  }
}

type Module = {
  /** `import … from "x"`, `export … from "x"`, `import "x"`. */
  imports: string[];
  /** `import("x")`: a part loaded when needed. */
  lazyImports: string[];
  literals: Set<string>;
  templateStarts: string[];
};
const modules = new Map<string, Module>();

/** A module's imports, its string literals, and its template literals' starts, read once per build. */
function moduleOf(file: string, appDir: string): Module {
  let read = modules.get(file);
  if (!read) {
    const source = readFileSync(file, "utf8");
    const literals = new Set<string>();
    // Strings do not span lines: a quote in a comment cannot take a literal of another line.
    for (const m of source.matchAll(/"((?:[^"\\\n]|\\.)*)"/g)) literals.add(unescaped(m[1]!));
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) literals.add(m[1]!.replace(/\\(.)/g, "$1"));
    for (const m of source.matchAll(/`([^`$\\]*)`/g)) literals.add(m[1]!);
    const resolved = (pattern: RegExp) =>
      [...source.matchAll(pattern)]
        .map((m) => resolveImport(file, m[1]!, appDir))
        .filter((f): f is string => f !== null);
    read = {
      imports: resolved(IMPORT),
      lazyImports: resolved(LAZY_IMPORT),
      literals,
      // A template literal's text before its first value: `sms.waitlist.${kind}` asks for every key
      // so begun. One or two characters (`(${`) would name half the catalogue: not a key's start.
      templateStarts: [...source.matchAll(/`([^`$]{3,})\$\{/g)].map((m) => m[1]!),
    };
    modules.set(file, read);
  }
  return read;
}

/**
 * `file` and every app module it imports, however deep: with the parts loaded later (`lazy`) or not,
 * with server modules (`server`) or not. `{ lazy: false, server: false }` is what the browser loads
 * with it.
 */
export function moduleGraph(
  file: string,
  appDir: string,
  { lazy, server = lazy }: { lazy: boolean; server?: boolean },
  found = new Set<string>(),
): Set<string> {
  if (found.has(file) || (!server && isServerModule(file))) return found;
  found.add(file);
  const read = moduleOf(file, appDir);
  for (const imported of lazy ? [...read.imports, ...read.lazyImports] : read.imports) {
    moduleGraph(imported, appDir, { lazy, server }, found);
  }
  return found;
}

const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);

/** The parts a browser module graph loads later: the targets of its `import()`s. */
function lazyParts(graph: Set<string>, appDir: string): string[] {
  return [...new Set([...graph].flatMap((file) => moduleOf(file, appDir).lazyImports))].filter(
    (file) => !graph.has(file) && !isServerModule(file),
  );
}

/** The keys among `keys` that the modules write (a string literal, or a template literal's start). */
export function keysIn(files: Iterable<string>, keys: Iterable<string>, appDir: string): Set<string> {
  const read = [...files].map((file) => moduleOf(file, appDir));
  const starts = [...new Set(read.flatMap((m) => m.templateStarts))];
  const found = new Set<string>();
  for (const key of keys) {
    if (read.some((m) => m.literals.has(key)) || starts.some((start) => key.startsWith(start))) found.add(key);
  }
  return found;
}

export type PageTexts = {
  pages: PublicPage[];
  /** The signed-in platform's pages. */
  platformPages: PlatformPage[];
  /** The keys every public page shows (root, the public layout and what they import). */
  shell: Set<string>;
  /** The keys the platform's frame shows (its header and navigation), without the shell's. */
  frame: Set<string>;
  /** Each page's keys on its first load (by page id), without the shell's (a platform page's: nor the frame's). */
  byPage: Map<string, Set<string>>;
  /** Each lazy part's keys (by its path in app/, without the extension), without the shell's. */
  byLazyPart: Map<string, Set<string>>;
  /** Pages without JavaScript on their first load (`hydrate: false`): reached in the browser only by a client navigation. */
  contentPages: Set<string>;
};

/** A lazy part's id: its module's path in app/ without the extension (features/accounts/components/register-form). */
export function lazyPartId(file: string, appDir: string): string {
  return path.relative(appDir, file).replace(/\.tsx?$/, "");
}

/** The public pages' texts among `keys`, read from the app's source in `appDir`. */
export function pageTexts(routes: RouteEntry[], appDir: string, keys: Iterable<string>): PageTexts {
  const all = [...keys];
  const everything = { lazy: true };
  // The shell's: what the root and the public layout draw in the browser, their lazy parts too (the
  // toast region). Their server modules write no text a public page shows.
  const browser = { lazy: true, server: false };
  const shell = keysIn(
    moduleGraph(
      path.join(appDir, PUBLIC_LAYOUT_FILE),
      appDir,
      browser,
      moduleGraph(path.join(appDir, "root.tsx"), appDir, browser),
    ),
    all,
    appDir,
  );
  const withoutShell = (found: Set<string>) => {
    for (const key of shell) found.delete(key);
    return found;
  };
  const byLazyPart = new Map<string, Set<string>>();
  /** What `files` (a page, or a frame, and the layouts it is drawn in) show on their first load. */
  const firstLoad = (files: string[]) => {
    const first = new Set<string>();
    const whole = new Set<string>();
    for (const file of files) {
      moduleGraph(file, appDir, { lazy: false }, first);
      moduleGraph(file, appDir, everything, whole);
    }
    const later = new Set<string>();
    for (const part of lazyParts(first, appDir)) {
      const id = lazyPartId(part, appDir);
      const texts = byLazyPart.get(id) ?? withoutShell(keysIn(moduleGraph(part, appDir, { lazy: false }), all, appDir));
      byLazyPart.set(id, texts);
      for (const key of texts) later.add(key);
    }
    // What the browser modules write, and what only their server modules write unless a lazy part shows it.
    const own = keysIn(first, all, appDir);
    for (const key of keysIn(whole, all, appDir)) {
      if (!later.has(key)) own.add(key);
    }
    return withoutShell(own);
  };
  const pages = publicPages(routes);
  const byPage = new Map<string, Set<string>>();
  const contentPages = new Set<string>();
  for (const page of pages) {
    const file = path.join(appDir, page.file);
    byPage.set(page.id, firstLoad([file]));
    if (/\bhydrate:\s*false\b/.test(readFileSync(file, "utf8"))) contentPages.add(page.id);
  }
  const frame = firstLoad([path.join(appDir, PLATFORM_LAYOUT_FILE)]);
  const platform = platformPages(routes);
  for (const page of platform) {
    const own = firstLoad([page.file, ...page.layouts].map((file) => path.join(appDir, file)));
    for (const key of frame) own.delete(key);
    byPage.set(page.id, own);
  }
  return { pages, platformPages: platform, shell, frame, byPage, byLazyPart, contentPages };
}
