// @vitest-environment happy-dom
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanupDom } from "../../../tests/helpers/render-in-router";
import { SubmitButton } from "./form-parts";

afterEach(cleanupDom);

function formWith(busy: boolean, onSubmit: () => void) {
  return render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <input name="body" defaultValue="Hello" />
      <SubmitButton busy={busy} busyLabel="Sending...">
        Send
      </SubmitButton>
    </form>,
  );
}

describe("SubmitButton (issue 29): one post at a time", () => {
  it("submits its form when idle", () => {
    const submitted = vi.fn();
    formWith(false, submitted);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("while busy shows the busy label, says it is unavailable and sends nothing when pressed again", () => {
    const submitted = vi.fn();
    formWith(true, submitted);
    const button = screen.getByRole("button", { name: "Sending..." });
    expect(button.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(button);
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
  });
});
