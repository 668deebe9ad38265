// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderInRouter } from "../../../../tests/helpers/render-in-router";
import { ConfirmSend } from "./confirm-send";

afterEach(cleanupDom);

const confirm = (count: number, texted: number) =>
  renderInRouter(
    <ConfirmSend
      path="/dashboard/hubs/cervical-cancer"
      confirmation={{ count, texted, fields: { intent: "launch" }, action: "Launch hub" }}
    />,
    "/dashboard/hubs/cervical-cancer",
  );

describe("the confirmation before a hub emails its waitlist", () => {
  it("counts the emailed apart from those who gave only a mobile number (issue 28)", () => {
    confirm(3, 2);
    expect(screen.getByRole("heading", { name: "Email 3 people?" })).toBeTruthy();
    expect(screen.getByRole("alertdialog").textContent).toContain(
      "2 people who gave only a mobile number are sent an SMS instead.",
    );
    expect(screen.getByRole("button", { name: "Yes, email 3 people" })).toBeTruthy();
  });

  it("asks to text when every Pending entry has only a mobile number", () => {
    confirm(0, 1);
    expect(screen.getByRole("heading", { name: "Text 1 person?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, text 1 person" })).toBeTruthy();
    expect(screen.queryByText(/emails nobody/)).toBeNull();
  });

  it("says nobody is told when nothing is Pending", () => {
    confirm(0, 0);
    expect(screen.getByRole("heading", { name: "Nobody will be emailed" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Yes, launch hub" })).toBeTruthy();
  });
});
