// @vitest-environment happy-dom
import { within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderServerHtml } from "../../../../tests/helpers/render-in-router";
import { ProviderAlerts } from "./provider-alerts";

afterEach(cleanupDom);

describe("the Messages screen's provider alerts (issue 35, point 7)", () => {
  it("says which provider refuses what, in its own words, since when and how often", () => {
    const view = within(
      renderServerHtml(
        <ProviderAlerts
          alerts={[
            {
              channel: "sms",
              provider: "hubtel",
              code: "configuration",
              detail: "Hubtel status 2: Invalid Source address was sent.",
              failures: 7,
              firstAt: "2026-03-10T09:00:00.000Z",
              lastAt: "2026-03-10T09:30:00.000Z",
            },
          ]}
        />,
      ),
    );
    const alert = view.getByRole("alert");
    expect(alert.textContent).toContain("SMS through hubtel");
    expect(alert.textContent).toContain("sender ID must be registered and approved");
    expect(alert.textContent).toContain("Hubtel status 2: Invalid Source address was sent.");
    expect(alert.textContent).toContain("7 refusals");
  });

  it("shows nothing when every provider accepts", () => {
    expect(renderServerHtml(<ProviderAlerts alerts={[]} />).textContent).toBe("");
  });
});
