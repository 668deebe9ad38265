import { describe, expect, it } from "vitest";
import { formatAccraDateTime } from "~/lib/ghana-format";
import { withLocalTimes } from "./local-times";

describe("audit details in local time (UX 8)", () => {
  it("shows an ISO timestamp in a detail as Ghana's local date and time", () => {
    const iso = "2026-11-29T20:15:00.000Z";
    const shown = withLocalTimes(`Payouts held until ${iso}`);
    expect(shown).toBe(`Payouts held until ${formatAccraDateTime(iso)}`);
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(shown).toMatch(/29 Nov 2026/);
  });

  it("leaves other text alone", () => {
    expect(withLocalTimes("Rejected: no bed until 2026-12-01")).toBe("Rejected: no bed until 2026-12-01");
  });
});
