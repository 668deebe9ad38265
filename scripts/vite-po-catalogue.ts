import { readFileSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parsePo } from "pofile-ts";
import type { Plugin } from "vite";

/**
 * Reads a gettext catalogue (app/i18n/catalogues/*.po) for the i18n runtime: `msgid` is the English
 * source and `msgstr` the translation (empty: not yet translated, the English is shown). The key the
 * code asks for is the entry's `msgctxt` when it has one (messages with values, plurals), else the
 * English itself (the content modules' texts). The messages are ICU MessageFormat, compiled here
 * (@lingui/message-utils) so the browser carries no compiler. docs/decisions/044.
 */
export function compileCatalogue(
  text: string,
  options: { browser?: boolean; part?: "site" | "platform" } = {},
): Record<string, unknown> {
  const messages: Record<string, unknown> = {};
  for (const item of parsePo(text).items) {
    if (item.obsolete || !item.msgid) continue;
    // The browser's catalogue carries only what hydrated pages render: texts only content pages use
    // (flagged `#, server-only`) stay on the server, and an untranslated text keyed by its own
    // English needs no entry (the runtime shows the key: i18n.ts `missingMessage`).
    if (options.browser && (item.flags["server-only"] || (!item.msgctxt && !item.msgstr[0]))) continue;
    // In two parts (decision 044): the signed-in platform's texts (flagged `#, platform`) load only on its
    // pages, so the public site's hydrated pages do not carry them.
    if (options.part && (options.part === "platform") !== Boolean(item.flags.platform)) continue;
    const message = item.msgstr[0] || item.msgid;
    messages[item.msgctxt ?? item.msgid] = compileMessageOrThrow(message);
  }
  return messages;
}

export function poCatalogue(): Plugin {
  return {
    name: "po-catalogue",
    enforce: "pre",
    load(id, options) {
      const [file, query] = id.split("?");
      if (!file.endsWith(".po")) return null;
      this.addWatchFile(file);
      // In the browser `x.po` is the public site's part and `x.po?platform` the platform's; the server has all.
      const browser = !options?.ssr;
      const part = browser ? (new URLSearchParams(query).has("platform") ? "platform" : "site") : undefined;
      const messages = compileCatalogue(readFileSync(file, "utf8"), { browser, part });
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
