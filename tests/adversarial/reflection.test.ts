import { describe, expect, it } from "vitest";
import { findReflections, MARKER } from "./reflection";

describe("findReflections", () => {
  it("accepts escaped reflections in markup and in script strings", () => {
    const html = [
      `<input value="&lt;${MARKER}&gt; &quot;${MARKER} &#x27;${MARKER} &amp;${MARKER};">`,
      `<script>ctx.enqueue("[\\"\\u003c${MARKER}\\", \\"'${MARKER}\\", \\"\\\\\\"${MARKER}\\"]")</script>`,
    ].join("");
    expect(findReflections(html)).toEqual({ escaped: 7, unescaped: [] });
  });

  it("finds raw markup, ampersands and quotes", () => {
    for (const raw of [
      `<p><${MARKER}></p>`,
      `<p><script>${MARKER}</script></p>`,
      `<p>&${MARKER};</p>`,
      `<input value=""${MARKER}">`,
      `<input value=''${MARKER}'>`,
      `<script>var s = "a"${MARKER}";</script>`,
      `<!--${MARKER}-->`,
    ]) {
      expect(findReflections(raw).unescaped, raw).toHaveLength(1);
    }
  });
});
