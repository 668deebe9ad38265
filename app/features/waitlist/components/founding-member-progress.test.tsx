import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FoundingMemberProgress } from "./founding-member-progress";

describe("FoundingMemberProgress", () => {
  it("shows spots taken over capacity and the spots remaining when capacity is above 0", () => {
    const html = renderToString(<FoundingMemberProgress taken={37} capacity={100} />);
    expect(html).toContain("37<!-- --> of <!-- -->100<!-- --> founding-member spots taken");
    expect(html).toContain("63<!-- --> <!-- -->spots<!-- --> remaining");
    expect(html).toMatch(/<progress[^>]*value="37"[^>]*max="100"/);
    expect(html).toMatch(/<progress[^>]*aria-labelledby="founding-spots-label"/);
  });

  it("says 'spot' for the last one and never overfills", () => {
    expect(renderToString(<FoundingMemberProgress taken={49} capacity={50} />)).toContain(
      "1<!-- --> <!-- -->spot<!-- --> remaining",
    );
    const full = renderToString(<FoundingMemberProgress taken={80} capacity={50} />);
    expect(full).toContain("50<!-- --> of <!-- -->50");
    expect(full).toContain("0<!-- --> <!-- -->spots<!-- --> remaining");
    expect(full).toMatch(/value="50"/);
  });

  it("renders nothing when the capacity is 0 (as in all the hub data)", () => {
    expect(renderToString(<FoundingMemberProgress taken={0} capacity={0} />)).toBe("");
    expect(renderToString(<FoundingMemberProgress taken={5} capacity={-1} />)).toBe("");
  });
});
