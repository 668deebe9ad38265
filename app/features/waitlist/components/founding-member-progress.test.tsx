// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render as renderBare, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueI18n } from "../../../../tests/helpers/catalogue-translate";
import { FoundingMemberProgress } from "./founding-member-progress";

afterEach(cleanup);

const english = catalogueI18n("en");
const render = (element: ReactNode, i18n = english) => renderBare(<I18nProvider i18n={i18n}>{element}</I18nProvider>);

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

  it("counts in French, with French plurals (0 and 1 are singular)", () => {
    const french = catalogueI18n("fr");
    render(<FoundingMemberProgress taken={49} capacity={50} />, french);
    expect(screen.getByText("49 places de membre fondateur prises sur 50")).toBeTruthy();
    expect(screen.getByText("1 place restante")).toBeTruthy();
    cleanup();
    render(<FoundingMemberProgress taken={37} capacity={100} />, french);
    expect(screen.getByText("63 places restantes")).toBeTruthy();
  });
});
