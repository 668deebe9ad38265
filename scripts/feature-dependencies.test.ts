import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/*
 * Features depend on each other one way (docs/architecture.md): when two features need each other,
 * one of them asks the other through its public module, or the shared part moves down to lib/
 * (Ghana's money and time formatters, lib/ghana-format.ts) or into the feature that owns it (a
 * referral's deliveries: referrals check the reader, then ask messaging; the referral form's facility
 * choice labels, referrals/facility-choice.ts), or the route composes the two and passes one's part
 * in (the audit log's rows are given referrals' status labels; the waitlist, the hubs' lookup).
 * Test files may import any feature. A pair still tied both ways is listed with what ties it, until
 * it is untied (then remove the line); none is now, and no new pair may appear.
 */
const BOTH_WAYS: Record<string, string> = {};

/** The features each feature's product modules import (`~/features/<name>/...`), by feature. */
function featureImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of globSync("app/features/*/**/*.{ts,tsx}")) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = file.split("/")[2]!;
    for (const match of readFileSync(file, "utf8").matchAll(/from\s+"~\/features\/([a-z0-9-]+)\//g)) {
      const to = match[1]!;
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

describe("features depend on each other one way", () => {
  const graph = featureImports();
  const pairs = [...graph]
    .flatMap(([a, tos]) => [...tos].filter((b) => a < b && graph.get(b)?.has(a)).map((b) => `${a} <-> ${b}`))
    .sort();

  it("finds the features and their imports", () => {
    expect(graph.size).toBeGreaterThan(10);
    expect(graph.get("referrals")?.has("messaging")).toBe(true);
  });

  it("no two features import each other, but the pairs listed", () => {
    expect(pairs.filter((pair) => !(pair in BOTH_WAYS))).toEqual([]);
  });

  it("the list names only pairs still tied both ways", () => {
    expect(Object.keys(BOTH_WAYS).filter((pair) => !pairs.includes(pair))).toEqual([]);
  });
});
