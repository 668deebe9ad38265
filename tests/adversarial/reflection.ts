/**
 * Finding input reflected unescaped in an HTML answer. Hostile inputs carry a marker right after
 * a dangerous prefix (`<`, `<script>`, `<!--`, `&`, quotes); every place the marker appears in the
 * raw body is then looked at: escaped (`&lt;`, `&quot;`, `\u003c`, `\"` in a script string) is
 * fine, the raw prefix is not.
 */
export const MARKER = "xssm4rk";

export const HOSTILE_ATOMS = [
  `<${MARKER}>`,
  `<script>${MARKER}</script>`,
  `</script><${MARKER}>`,
  `"><${MARKER} onerror=alert(1)>`,
  `'${MARKER}`,
  `"${MARKER}`,
  `&${MARKER};`,
  `<!--${MARKER}`,
  `\u2028<${MARKER}`,
  `</textarea><${MARKER}>`,
];

/** Prefixes that may never stand raw before the marker, anywhere in the document. */
const NEVER = ["<", "<script>", "<!--", "&"];

export type Reflection = { escaped: number; unescaped: string[] };

export function findReflections(html: string): Reflection {
  const scripts: Array<[number, number]> = [];
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const start = m.index + m[0].length - m[1].length - "</script>".length;
    scripts.push([start, start + m[1].length]);
  }
  const result: Reflection = { escaped: 0, unescaped: [] };
  for (let i = html.indexOf(MARKER); i >= 0; i = html.indexOf(MARKER, i + 1)) {
    const before = html.slice(Math.max(0, i - 12), i);
    const inScript = scripts.some(([a, b]) => i >= a && i < b);
    const quote = before.endsWith('"') || (!inScript && before.endsWith("'"));
    // Inside a script, a double quote is only safe escaped (\" in a string literal).
    const badQuote = quote && (!inScript || !before.endsWith('\\"'));
    if (NEVER.some((p) => before.endsWith(p)) || badQuote) {
      result.unescaped.push(html.slice(Math.max(0, i - 40), i + MARKER.length + 10));
    } else {
      result.escaped += 1;
    }
  }
  return result;
}
