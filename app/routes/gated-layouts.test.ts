import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../routes";

type RouteNode = { file: string; path?: string; children?: RouteNode[] };
const source = (file: string) => readFileSync(path.join("app", file), "utf8");

/** The pages below each gated layout (app/routes/gates/*-layout.ts), however deep. */
function gated(nodes: RouteNode[], inside = false): string[] {
  return nodes.flatMap((node) => {
    const isGate = node.file.startsWith("routes/gates/");
    const below = gated(node.children ?? [], inside || isGate);
    return inside && !isGate ? [node.file, ...below] : below;
  });
}

/*
 * A gated layout declares its area once; its pages' loaders are what keep a refused visitor from
 * the page's data (and give the gate screen its status). A loader that forgot to ask would show
 * the page to anyone: this reads every page below a gated layout and fails on one that does not.
 */
describe("gated layouts", () => {
  const pages = gated(routes as RouteNode[]);

  it("each declares its area with gate(...) and nothing else", () => {
    const layouts = (routes as RouteNode[])
      .flatMap(function all(n): RouteNode[] {
        return [n, ...(n.children ?? []).flatMap(all)];
      })
      .filter((n) => n.file.startsWith("routes/gates/"));
    expect(layouts.length).toBeGreaterThanOrEqual(6);
    for (const layout of layouts) {
      const code = source(layout.file);
      expect(code, layout.file).toMatch(
        /export const middleware: Route\.MiddlewareFunction\[\] = \[gate\("[a-z-]+"\)\];/,
      );
      expect(code, layout.file).not.toMatch(/export (async )?function (loader|action)\b/);
    }
  });

  it("every page below one takes its actor from allowedActor in its loader (an action-only route, in its action)", () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const file of pages) {
      const code = source(file);
      const loader = code.match(/export async function loader\([\s\S]*?\n}/)?.[0];
      const action = code.match(/export async function action\([\s\S]*?\n}/)?.[0];
      // A route without a loader is a post target only (no page of its own): its action asks.
      const asks = loader ?? (/export default/.test(code) ? undefined : action);
      expect(asks, `${file} has a loader (or, without a page, an action)`).toBeTruthy();
      expect(asks, `${file} asks allowedActor(context)`).toMatch(/await allowedActor\(context\)/);
    }
  });
});
