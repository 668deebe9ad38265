import { describe, expect, it } from "vitest";
import { summarizeDifferences, verdict } from "./paired";

describe("summarizeDifferences (bench/operations.ts)", () => {
  it("gives the sign test's interval: the 6th smallest and 6th largest of 20 (95.9%)", () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    const summary = summarizeDifferences(values.toReversed());
    expect(summary).toMatchObject({ blocks: 20, median: 10.5, min: 1, max: 20, low: 6, high: 15 });
    expect(summary.coverage).toBeCloseTo(0.9586, 4);
    expect(summary.q1).toBe(5.75);
    expect(summary.q3).toBe(15.25);
  });

  it("with too few blocks for 95%, is the whole range and says how sure it is", () => {
    const summary = summarizeDifferences([3, -1, 2]);
    expect(summary).toMatchObject({ low: -1, high: 3, median: 2 });
    expect(summary.coverage).toBe(0.75);
  });

  it("is moved little by one wild block", () => {
    const calm = [0.5, -0.4, 0.2, 0.1, -0.3, 0.4, -0.1, 0.3, -0.2, 0, 0.2, -0.5];
    const wild = summarizeDifferences([...calm.slice(1), 40]);
    expect(wild.median).toBeLessThan(0.3);
    expect(wild.high).toBeLessThan(1);
  });
});

describe("verdict", () => {
  const at = (low: number, high: number) => ({ ...summarizeDifferences([0]), low, high });
  it("is within the noise when the interval holds 0, and judges the target by the whole interval", () => {
    expect(verdict(at(-3, 1.5), 2)).toEqual({ withinNoise: true, target: "met" });
    expect(verdict(at(-3, 2.5), 2)).toEqual({ withinNoise: true, target: "unresolved" });
    expect(verdict(at(0.5, 1.9), 2)).toEqual({ withinNoise: false, target: "met" });
    expect(verdict(at(2.1, 4), 2)).toEqual({ withinNoise: false, target: "not met" });
  });
});
