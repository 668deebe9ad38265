// `npm run i18n:add -- [--platform] texts.json`: adds texts to every catalogue (app/i18n/catalogues/*.po,
// docs/languages.md) at once, so no language misses a key. `--platform` flags them as the signed-in
// platform's (`#, platform`: the browser loads them only on its pages). texts.json is an array of
//   { "en": "English source", "fr": "French translation", "key"?: "named.key",
//     "serverOnly"?: true, "ak"?: "Twi", "ha"?: "Hausa" }
// `key` is the msgctxt of a message with values or plurals (the code asks `t("named.key", {...})`);
// without it the English text is the key. A key already in the catalogues is left as it is and
// listed. Several people (or agents) may run it at once: each run holds a lock while it writes.
import { appendFileSync, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { parsePo } from "pofile-ts";

type Text = { en: string; fr: string; key?: string; serverOnly?: boolean; ak?: string; ha?: string };
const LANGUAGES = ["en", "fr", "ak", "ha"] as const;
const file = (language: string) => `app/i18n/catalogues/${language}.po`;

function quoted(text: string): string {
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n")}"`;
}

function entry(text: Text, translation: string): string {
  const flags = [text.serverOnly ? "server-only" : "", platform ? "platform" : ""].filter(Boolean);
  return [
    "",
    ...(flags.length ? [`#, ${flags.join(", ")}`] : []),
    ...(text.key ? [`msgctxt ${quoted(text.key)}`] : []),
    `msgid ${quoted(text.en)}`,
    `msgstr ${quoted(translation)}`,
    "",
  ].join("\n");
}

async function locked<T>(work: () => T): Promise<T> {
  const lock = "app/i18n/catalogues/.lock";
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (tries > 600) throw new Error(`${lock} held for a minute: remove it if no run is writing`);
      await sleep(100);
    }
  }
  try {
    return work();
  } finally {
    rmdirSync(lock);
  }
}

const args = process.argv.slice(2);
const platform = args.includes("--platform");
const input = args.find((a) => !a.startsWith("--"));
if (!input) {
  console.error("usage: npm run i18n:add -- [--platform] texts.json");
  process.exit(2);
}
const texts = JSON.parse(readFileSync(input, "utf8")) as Text[];
const invalid = texts.filter((t) => !t.en?.trim() || !t.fr?.trim());
if (invalid.length) {
  console.error("every text needs its English and its French:", invalid);
  process.exit(1);
}

await locked(() => {
  const items = parsePo(readFileSync(file("en"), "utf8")).items;
  const known = new Set(items.map((i) => i.msgctxt ?? i.msgid));
  const platformOnly = new Set(items.filter((i) => i.flags.platform).map((i) => i.msgctxt ?? i.msgid));
  const added = new Set<string>();
  const skipped: string[] = [];
  const fresh = texts.filter((t) => {
    const key = t.key ?? t.en;
    if (known.has(key) || added.has(key)) {
      skipped.push(key);
      return false;
    }
    added.add(key);
    return true;
  });
  for (const language of LANGUAGES) {
    const body = fresh.map((t) => entry(t, language === "en" ? "" : (t[language] ?? ""))).join("");
    if (body) appendFileSync(file(language), body);
  }
  console.log(`added ${fresh.length} texts to ${LANGUAGES.join(", ")}`);
  if (skipped.length) console.log(`already there (left as they are): ${skipped.length}\n  ${skipped.join("\n  ")}`);
  const needed = platform ? [] : skipped.filter((key) => platformOnly.has(key));
  if (needed.length) {
    console.log(
      `WARNING: flagged "#, platform" (only the platform's pages load them), but asked for here: remove the flag in all four catalogues\n  ${needed.join("\n  ")}`,
    );
  }
});
