import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "~/routes";

/**
 * Every route of the route table (app/routes.ts) as an address to request, so a new route is
 * covered without touching the tests. Dynamic segments take a sample value from `samples`;
 * a route with a segment that has no sample fails loudly, asking for one.
 */
export type ConcreteRoute = { pattern: string; path: string; file: string };

function walk(entries: RouteConfigEntry[], prefix: string, out: Array<{ pattern: string; file: string }>): void {
  for (const entry of entries) {
    const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    if (entry.index || entry.path !== undefined) out.push({ pattern: pattern || "/", file: entry.file });
    if (entry.children) walk(entry.children, pattern, out);
  }
}

export function routePatterns(): Array<{ pattern: string; file: string }> {
  const out: Array<{ pattern: string; file: string }> = [];
  walk(routes, "", out);
  return out;
}

export function concreteRoutes(samples: Record<string, string>): ConcreteRoute[] {
  return routePatterns().map(({ pattern, file }) => {
    const path = pattern.replace(/:(\w+)\??|\*/g, (segment, name: string | undefined) => {
      const key = name ?? "*";
      const value = samples[key];
      if (value === undefined) throw new Error(`no sample value for "${segment}" in ${pattern}: add one to the test`);
      return value;
    });
    return { pattern, path, file };
  });
}
