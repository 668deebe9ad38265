import { describe, expect, it } from "vitest";
import routes from "../routes";

type RouteNode = { file: string; path?: string; children?: RouteNode[] };

/** Every gated layout of the route table (app/routes/gates/*-layout.ts). */
function gateLayouts(nodes: RouteNode[]): string[] {
  return nodes.flatMap((n) => [
    ...(n.file.startsWith("routes/gates/") ? [n.file] : []),
    ...gateLayouts(n.children ?? []),
  ]);
}

/*
 * A gated layout declares its area once, as its middleware, and does nothing else: its pages'
 * loaders and actions take the actor with `allowedActor(context)`, so none of them loads or changes
 * anything for a refused visitor. That every page below a gate does refuse (401, 403) is proved by
 * the authorization matrix (tests/adversarial/authorization.test.ts: every route x every kind of
 * actor x own, foreign and missing object, in process against the built app), not by reading the
 * pages' source.
 */
describe("gated layouts", () => {
  const layouts = gateLayouts(routes as RouteNode[]);

  it("each exports one middleware, its gate, and no loader, action or component", async () => {
    expect(layouts.length).toBeGreaterThanOrEqual(6);
    for (const file of layouts) {
      const module = (await import(`./gates/${file.replace("routes/gates/", "").replace(/\.ts$/, "")}.ts`)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(module), file).toEqual(["middleware"]);
      expect(module.middleware, file).toHaveLength(1);
      expect(typeof (module.middleware as unknown[])[0], file).toBe("function");
    }
  });
});
