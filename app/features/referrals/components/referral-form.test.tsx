// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderInRouter } from "../../../../tests/helpers/render-in-router";
import { ReferralForm } from "./referral-form";

afterEach(cleanupDom);

/*
 * The form marks a facility that cannot receive referrals yet (no approved
 * administrator, no on-call number), and says what choosing it means.
 */
describe("the facility select", () => {
  it("marks a facility no one there can be told of, and says the administrators will phone it", async () => {
    renderInRouter(
      <ReferralForm
        facilities={[
          {
            id: "3f1c2a9e-0000-4000-8000-000000000001",
            name: "Korle Bu Teaching Hospital",
            location: "Accra",
            reachable: true,
          },
          {
            id: "3f1c2a9e-0000-4000-8000-000000000002",
            name: "Gamma Health Centre",
            location: "Tamale",
            reachable: false,
          },
        ]}
        answer={undefined}
        user="doctor-1"
      />,
      "/referrals/create",
    );
    const options = Array.from(screen.getByLabelText(/^Facility/).querySelectorAll("option")).map((o) => o.textContent);
    expect(options).toEqual([
      "Select a facility",
      "Korle Bu Teaching Hospital — Accra",
      "Gamma Health Centre — Tamale (cannot receive referrals yet)",
    ]);
    expect(screen.getByText(/our administrators are alerted to phone the facility/)).toBeTruthy();
    // Chosen, it is said in full (a phone's select shows only the start of its label).
    const select = screen.getByLabelText(/^Facility/) as HTMLSelectElement;
    select.value = "3f1c2a9e-0000-4000-8000-000000000002";
    fireEvent.input(select);
    fireEvent.change(select);
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Gamma Health Centre cannot receive referrals yet"),
    );
  });

  it("says nothing more when every facility can receive referrals", () => {
    renderInRouter(
      <ReferralForm
        facilities={[
          { id: "3f1c2a9e-0000-4000-8000-000000000001", name: "Korle Bu", location: "Accra", reachable: true },
        ]}
        answer={undefined}
        user="doctor-1"
      />,
      "/referrals/create",
    );
    expect(screen.queryByText(/cannot receive referrals yet/)).toBeNull();
  });
});
