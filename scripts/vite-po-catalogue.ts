import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parsePo } from "pofile-ts";
import { type Plugin, runnerImport } from "vite";
import { FRAME_TEXTS, LOCALES, SHELL_TEXTS } from "../app/i18n/locales.ts";
import { lazyPartId, type PageTexts, pageTexts, resolveImport } from "./page-texts.ts";

const parses = new Map<string, ReturnType<typeof parsePo>["items"]>();
/** A catalogue's entries, parsed once per text (a build compiles each language's for every page). */
function parsed(text: string) {
  let items = parses.get(text);
  if (!items) {
    items = parsePo(text).items;
    parses.set(text, items);
  }
  return items;
}

type CompileOptions = {
  browser?: boolean;
  part?: "site" | "platform";
  /** Only these keys (a public page's texts, scripts/page-texts.ts). */
  keys?: ReadonlySet<string>;
  /** With the texts only pages without JavaScript show (`#, server-only`): a content page's, reached by a client navigation. */
  serverOnly?: boolean;
};

/**
 * Reads a gettext catalogue (app/i18n/catalogues/*.po) for the i18n runtime: `msgid` is the English
 * source and `msgstr` the translation (empty: not yet translated, the English is shown). The key the
 * code asks for is the entry's `msgctxt` when it has one (messages with values, plurals), else the
 * English itself (the content modules' texts). The messages are ICU MessageFormat, compiled here
 * (@lingui/message-utils) so the browser carries no compiler. docs/decisions/044.
 */
export function compileCatalogue(text: string, options: CompileOptions = {}): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  for (const item of parsed(text)) {
    if (item.obsolete || !item.msgid) continue;
    const key = item.msgctxt ?? item.msgid;
    if (options.keys && !options.keys.has(key)) continue;
    // The browser's catalogue carries only what hydrated pages render: texts only content pages use
    // (flagged `#, server-only`) stay on the server, and an untranslated text keyed by its own
    // English needs no entry (the runtime shows the key: i18n.ts `missingMessage`).
    if (options.browser && ((item.flags["server-only"] && !options.serverOnly) || (!item.msgctxt && !item.msgstr[0])))
      continue;
    // In two parts (decision 044): the signed-in platform's texts (flagged `#, platform`) load only on its
    // pages, so the public site's hydrated pages do not carry them.
    if (options.part && (options.part === "platform") !== Boolean(item.flags.platform)) continue;
    messages[key] = compileMessageOrThrow(item.msgstr[0] || item.msgid);
  }
  return messages;
}

const PAGE_TEXTS_ID = "virtual:page-texts";
const CATALOGUES_DIR = "app/i18n/catalogues";
/** The shell's texts: every page's first part; the platform's frame's: every platform page's second. */
const SHELL = SHELL_TEXTS;
const FRAME = FRAME_TEXTS;

/**
 * How a group of the browser's texts is compiled: `shell`, the platform's frame, a page (by its id: a
 * content page's texts flagged `#, server-only` too) or a lazy part. A public page's come from the
 * site's part; the platform's pages show texts of both.
 */
function groupOptions(texts: PageTexts, group: string): CompileOptions {
  const keys =
    group === SHELL
      ? texts.shell
      : group === FRAME
        ? texts.frame
        : (texts.byPage.get(group) ?? texts.byLazyPart.get(group));
  const platform = group === FRAME || texts.platformPages.some((p) => p.id === group);
  return { browser: true, part: platform ? undefined : "site", keys, serverOnly: texts.contentPages.has(group) };
}

/**
 * Compiles `.po` imports, and makes `virtual:page-texts`: each public page's texts in the browser
 * (decision 044). In the browser `x.po` is the public site's part, `x.po?platform` the platform's,
 * and in a build `x.po?page=<id>` a public page's own texts (`?page=shell` the shell's); the server
 * has every text. While developing (and in unit tests) every page's texts are the whole site part.
 */
export function poCatalogue(): Plugin {
  let root = process.cwd();
  let building = false;
  let texts: Promise<PageTexts> | null = null;
  const sourceOf = (locale: string) => readFileSync(path.join(root, CATALOGUES_DIR, `${locale}.po`), "utf8");
  const computeTexts = async () => {
    const routes = (
      await runnerImport<{ default: never }>(path.join(root, "app/routes.ts"), {
        configFile: false,
        root,
        logLevel: "silent",
      })
    ).module.default;
    // Candidates: every key of the English catalogue (each language has the same keys: catalogues.test.ts).
    const keys = parsed(sourceOf("en")).map((item) => item.msgctxt ?? item.msgid);
    return pageTexts(routes, path.join(root, "app"), keys);
  };
  const pageTextsOnce = () => {
    texts ??= computeTexts();
    return texts;
  };
  return {
    name: "po-catalogue",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
      building = config.command === "build";
    },
    // Which file holds each language's texts of each page: the server preloads a page's in its HTML
    // (app/i18n/page-text-files.server.ts), and the size report reads it (scripts/bundle-report.ts).
    async writeBundle(outputOptions, bundle) {
      if (!building || this.environment?.name !== "client" || !outputOptions.dir) return;
      // Keyed as the browser asks (app/i18n/load-catalogue.ts): `shell`, a page's English pattern, a lazy part's id.
      const { pages, platformPages } = await pageTextsOnce();
      const patternOf = new Map([...pages, ...platformPages].map((p) => [p.id, p.pattern]));
      const files: Record<string, Record<string, string>> = {};
      for (const chunk of Object.values(bundle)) {
        const match = chunk.type === "chunk" ? /\/(\w+)\.po(?:\?(.*))?$/.exec(chunk.facadeModuleId ?? "") : null;
        if (!match) continue;
        const query = new URLSearchParams(match[2] ?? "");
        const group = query.get("page") ?? (query.has("platform") ? "platform" : "site");
        files[match[1]!] = { ...files[match[1]!], [patternOf.get(group) ?? group]: chunk.fileName };
      }
      const list = { pages: pages.map((p) => p.pattern), platformPages: platformPages.map((p) => p.pattern), ...files };
      writeFileSync(path.join(outputOptions.dir, "..", "page-texts.json"), `${JSON.stringify(list, null, 2)}\n`);
    },
    // A part a public page loads later (`import("./register-form")`) brings its texts, in the page's
    // language, with its code: the import waits for both (app/i18n/load-catalogue.ts `withLazyTexts`).
    async transform(code, id) {
      if (
        !building ||
        this.environment?.name !== "client" ||
        !/\/app\/.*\.tsx?$/.test(id) ||
        !code.includes("import(")
      ) {
        return null;
      }
      const { byLazyPart } = await pageTextsOnce();
      const appDir = path.join(root, "app");
      let wrapped = false;
      const out = code.replace(/\bimport\s*\(\s*(["'])([^"']+)\1\s*\)/g, (whole, _quote, specifier: string) => {
        const target = resolveImport(id, specifier, appDir);
        const part = target ? lazyPartId(target, appDir) : null;
        if (!part || !byLazyPart.get(part)?.size) return whole;
        wrapped = true;
        return `__withLazyTexts(${whole}, ${JSON.stringify(part)})`;
      });
      return wrapped
        ? { code: `import { withLazyTexts as __withLazyTexts } from "/app/i18n/load-catalogue";\n${out}`, map: null }
        : null;
    },
    resolveId(id) {
      return id === PAGE_TEXTS_ID ? `\0${PAGE_TEXTS_ID}` : null;
    },
    async load(id, options) {
      if (id === `\0${PAGE_TEXTS_ID}`) {
        // By the page's English address pattern (what React Router gives a navigation): its texts' module.
        const page = (locale: string, pattern: string, group: string) =>
          `${JSON.stringify(pattern)}: () => import(${JSON.stringify(`/${CATALOGUES_DIR}/${locale}.po?page=${group}`)})`;
        if (!building) {
          // One group, the whole site part, for every page.
          return `export const PAGE_TEXTS = { ${LOCALES.map((l) => `${l}: { ${page(l, SHELL, SHELL)} }`).join(", ")} };`;
        }
        const texts = await pageTextsOnce();
        const tables = LOCALES.map((locale) => {
          const source = sourceOf(locale);
          // A language whose page (or part) needs no entry (English keyed by its own text) fetches nothing for it.
          const needs = (group: string) => Object.keys(compileCatalogue(source, groupOptions(texts, group))).length > 0;
          const entries = [
            page(locale, SHELL, SHELL),
            page(locale, FRAME, FRAME),
            ...[...texts.pages, ...texts.platformPages]
              .filter((p) => needs(p.id))
              .map((p) => page(locale, p.pattern, p.id)),
            ...[...texts.byLazyPart.keys()].filter(needs).map((id) => page(locale, id, id)),
          ];
          return `${locale}: { ${entries.join(", ")} }`;
        });
        return `export const PAGE_TEXTS = { ${tables.join(", ")} };`;
      }
      const [file, query] = id.split("?");
      if (!file?.endsWith(".po")) return null;
      this.addWatchFile(file);
      const params = new URLSearchParams(query);
      const browser = !options?.ssr;
      const source = readFileSync(file, "utf8");
      const group = params.get("page");
      if (browser && group !== null && building) {
        const options = groupOptions(await pageTextsOnce(), group);
        if (!options.keys) this.error(`No public page ${group}`);
        return `export default ${JSON.stringify(compileCatalogue(source, options))};`;
      }
      // In the browser `x.po` is the public site's part and `x.po?platform` the platform's; the server has all.
      const part = browser ? (params.has("platform") ? "platform" : "site") : undefined;
      return `export default ${JSON.stringify(compileCatalogue(source, { browser, part }))};`;
    },
  };
}
