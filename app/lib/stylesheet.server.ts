import { readFileSync } from "node:fs";
import path from "node:path";

const texts = new Map<string, string>();

/**
 * The text of a built stylesheet (`href` is its /assets/ address), read once from the client build
 * (BUILD_DIR, default ./build) and kept: the file never changes while the server runs.
 */
export function stylesheetText(href: string): string {
  let text = texts.get(href);
  if (text === undefined) {
    const file = path.resolve(process.env.BUILD_DIR ?? "build", "client", `.${href}`);
    text = readFileSync(file, "utf8");
    texts.set(href, text);
  }
  return text;
}
