import { describe, expect, it } from "vitest";
import { easterSunday, isWorkingDay, oneWorkingDayAfter, statutoryHolidays } from "./working-day";

const at = (iso: string) => new Date(iso);
const due = (from: string, declared: string[] = []) => oneWorkingDayAfter(at(from), declared).toISOString();

describe("Ghana's public holidays (docs/decisions/045)", () => {
  it("finds Western Easter", () => {
    const easter = (year: number) => easterSunday(year).toISOString().slice(0, 10);
    expect([2000, 2024, 2025, 2026, 2027, 2038, 2285].map(easter)).toEqual([
      "2000-04-23",
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
      "2285-03-22",
    ]);
  });

  it("lists 2026's statutory holidays: the fixed days, Good Friday, Easter Monday, Farmers' Day and Boxing Day's Monday", () => {
    expect([...statutoryHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-01-07",
      "2026-03-06",
      "2026-04-03",
      "2026-04-06",
      "2026-05-01",
      "2026-07-01",
      "2026-09-21",
      "2026-12-04",
      "2026-12-25",
      "2026-12-26",
      // Boxing Day is a Saturday.
      "2026-12-28",
    ]);
    // Founders' Day (4 August) is no longer a holiday since the 2025 amendment.
    expect(isWorkingDay(at("2026-08-04T10:00:00Z"))).toBe(true);
  });

  it("observes a weekend holiday on the next weekday that is not a holiday", () => {
    // Constitution Day 2023 was a Saturday: Monday 9 January was declared (GNA, 4 January 2023).
    expect(statutoryHolidays(2023).has("2023-01-09")).toBe(true);
    // Christmas 2027 is a Saturday and Boxing Day a Sunday: Monday the 27th and Tuesday the 28th.
    expect(statutoryHolidays(2027).has("2027-12-27")).toBe(true);
    expect(statutoryHolidays(2027).has("2027-12-28")).toBe(true);
    // Christmas 2022 was a Sunday: Boxing Day is the Monday, so Christmas's substitute is Tuesday the 27th.
    expect(statutoryHolidays(2022).has("2022-12-27")).toBe(true);
  });
});

describe("one working day", () => {
  it("is the same time on the next weekday", () => {
    expect(due("2026-06-02T09:00:00Z")).toBe("2026-06-03T09:00:00.000Z");
    expect(due("2026-06-05T15:00:00Z")).toBe("2026-06-08T15:00:00.000Z");
    expect(due("2026-06-06T10:00:00Z")).toBe("2026-06-08T10:00:00.000Z");
  });

  it("skips public holidays", () => {
    // Thursday 5 March 2026, the day before Independence Day (a Friday): Monday.
    expect(due("2026-03-05T10:00:00Z")).toBe("2026-03-09T10:00:00.000Z");
    // Thursday 2 April 2026: Good Friday, the weekend and Easter Monday, then Tuesday.
    expect(due("2026-04-02T08:30:00Z")).toBe("2026-04-07T08:30:00.000Z");
    // Christmas Eve 2026 (Thursday): Christmas, the weekend, Boxing Day's Monday; Tuesday the 29th.
    expect(due("2026-12-24T16:00:00Z")).toBe("2026-12-29T16:00:00.000Z");
    // Wednesday 31 December 2026: New Year's Day, then the weekend.
    expect(due("2026-12-31T09:00:00Z")).toBe("2027-01-04T09:00:00.000Z");
  });

  it("skips the days the operator lists (Eid al-Fitr and Shaqq Day, as declared)", () => {
    const declared = ["2026-03-20", "2026-03-23"];
    // Thursday 19 March 2026: Friday and Monday are listed, so Tuesday.
    expect(due("2026-03-19T11:00:00Z", declared)).toBe("2026-03-24T11:00:00.000Z");
    expect(due("2026-03-19T11:00:00Z")).toBe("2026-03-20T11:00:00.000Z");
  });
});
