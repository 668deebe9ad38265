import { describe, expect, it } from "vitest";
import { cachedMarkup, MAX_ENTRIES } from "./markup-cache";

describe("cachedMarkup", () => {
  it("renders once per key and gives the same markup after", () => {
    let renders = 0;
    const render = () => {
      renders += 1;
      return <td className="x">{"a < b"}</td>;
    };
    const first = cachedMarkup("once", render).__html;
    expect(first).toBe('<td class="x">a &lt; b</td>');
    expect(cachedMarkup("once", render).__html).toBe(first);
    expect(renders).toBe(1);
  });

  it("renders again for another key", () => {
    expect(cachedMarkup("k1", () => <td>one</td>).__html).toBe("<td>one</td>");
    expect(cachedMarkup("k2", () => <td>two</td>).__html).toBe("<td>two</td>");
  });

  it("lets the least recently used entry go when full, and keeps one just used", () => {
    let renders = 0;
    const render = () => {
      renders += 1;
      return <td />;
    };
    cachedMarkup("lru-oldest", render);
    cachedMarkup("lru-kept", render);
    for (let i = 0; i < MAX_ENTRIES - 2; i++) cachedMarkup(`lru-fill-${i}`, render);
    cachedMarkup("lru-kept", render); // used again: now the most recent
    cachedMarkup("lru-new", render); // evicts the least recent
    renders = 0;
    cachedMarkup("lru-kept", render);
    expect(renders).toBe(0);
    cachedMarkup("lru-oldest", render);
    expect(renders).toBe(1);
  });
});
