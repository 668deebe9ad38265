// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FoundingMemberProgress } from "./founding-member-progress";

afterEach(cleanup);

describe("FoundingMemberProgress", () => {
  it("shows spots taken over capacity and the spots remaining when capacity is above 0", () => {
    render(<FoundingMemberProgress taken={37} capacity={100} />);
    expect(screen.getByText("37 of 100 founding-member spots taken")).toBeTruthy();
    expect(screen.getByText("63 spots remaining")).toBeTruthy();
    // The bar is named by the "taken" line.
    const bar = screen.getByRole("progressbar", { name: "37 of 100 founding-member spots taken" });
    expect(bar.getAttribute("value")).toBe("37");
    expect(bar.getAttribute("max")).toBe("100");
  });

  it("says 'spot' for the last one and never overfills", () => {
    render(<FoundingMemberProgress taken={49} capacity={50} />);
    expect(screen.getByText("1 spot remaining")).toBeTruthy();
    cleanup();

    render(<FoundingMemberProgress taken={80} capacity={50} />);
    expect(screen.getByText("50 of 50 founding-member spots taken")).toBeTruthy();
    expect(screen.getByText("0 spots remaining")).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("value")).toBe("50");
  });

  it("renders nothing when the capacity is 0 (as in all the hub data)", () => {
    expect(render(<FoundingMemberProgress taken={0} capacity={0} />).container.innerHTML).toBe("");
    expect(render(<FoundingMemberProgress taken={5} capacity={-1} />).container.innerHTML).toBe("");
  });
});
