// @vitest-environment happy-dom

import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  PATIENT_DRAFT_DAYS,
  readDraft,
  readFormValues,
  removeDraft,
  sweepDrafts,
  writeDraft,
  writeFormValues,
} from "./drafts";
import { useDraftsGoWithEndedSession } from "./drafts-end";

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = "";
});

function form(): HTMLFormElement {
  document.body.innerHTML = `
    <form id="f">
      <input type="hidden" name="intent" value="create">
      <input type="hidden" name="idempotency_key" value="referral.first-key-0000000000">
      <input name="patient_name" value="">
      <input type="password" name="secret" value="">
      <textarea name="notes"></textarea>
      <select name="facility"><option value="">Choose</option><option value="a">A</option></select>
      <input type="radio" name="urgency" value="routine" checked>
      <input type="radio" name="urgency" value="urgent">
      <input type="file" name="file">
    </form>`;
  return document.getElementById("f") as HTMLFormElement;
}

const DAY = 86_400_000;
const draft = (fields: [string, string][], savedAt = Date.now()) => ({
  savedAt,
  patientData: true,
  fields,
  key: "referral.kept-key-000000000000",
  unsent: false,
});

describe("drafts (issue 29)", () => {
  it("keep what was typed (never hidden fields, passwords or files) and fill a form again with its key", () => {
    const f = form();
    expect(readFormValues(f)).toBeNull(); // nothing typed: no draft
    (f.elements.namedItem("patient_name") as HTMLInputElement).value = "Ama Mensah";
    (f.elements.namedItem("secret") as HTMLInputElement).value = "hunter2";
    (f.querySelector('[value="urgent"]') as HTMLInputElement).checked = true;
    const values = readFormValues(f);
    expect(values).toEqual([
      ["patient_name", "Ama Mensah"],
      ["notes", ""],
      ["facility", ""],
      ["urgency", "urgent"],
    ]);
    const again = form();
    writeFormValues(again, values!, "referral.kept-key-000000000000");
    expect((again.elements.namedItem("patient_name") as HTMLInputElement).value).toBe("Ama Mensah");
    expect((again.querySelector('[value="urgent"]') as HTMLInputElement).checked).toBe(true);
    expect((again.elements.namedItem("idempotency_key") as HTMLInputElement).value).toBe(
      "referral.kept-key-000000000000",
    );
  });

  it("are per person: another person's draft of the same form is never read, and goes when they open a form", () => {
    writeDraft("doctor-a", "referral", draft([["patient_name", "Ama"]]));
    expect(readDraft("doctor-b", "referral")).toBeNull();
    sweepDrafts("doctor-b");
    expect(localStorage.length).toBe(0);
  });

  it(`holding patient data, are dropped after ${PATIENT_DRAFT_DAYS} days`, () => {
    writeDraft("doctor-a", "referral", draft([["patient_name", "Ama"]], Date.now() - (PATIENT_DRAFT_DAYS + 1) * DAY));
    expect(readDraft("doctor-a", "referral")).toBeNull();
    writeDraft("doctor-a", "referral", draft([["patient_name", "Ama"]], Date.now() - (PATIENT_DRAFT_DAYS - 1) * DAY));
    expect(readDraft("doctor-a", "referral")?.fields).toEqual([["patient_name", "Ama"]]);
    removeDraft("doctor-a", "referral");
    expect(readDraft("doctor-a", "referral")).toBeNull();
  });
});

// A session that ends by itself (idle, 12 hours) takes the drafts too.
describe("drafts when the session is found ended", () => {
  it("all go, every person's; the next person's drafts are kept again", () => {
    writeDraft("doctor-a", "referral", draft([["patient_name", "Ama"]]));
    writeDraft("doctor-a", "message:REF-1", draft([["body", "Ama's echo"]]));
    localStorage.setItem("unrelated", "kept");
    const { rerender } = renderHook(({ ended }) => useDraftsGoWithEndedSession(ended), {
      initialProps: { ended: false },
    });
    expect(readDraft("doctor-a", "referral")).not.toBeNull();
    rerender({ ended: true });
    expect(readDraft("doctor-a", "referral")).toBeNull();
    expect(readDraft("doctor-a", "message:REF-1")).toBeNull();
    expect(localStorage.getItem("unrelated")).toBe("kept");
    // Unlike Sign Out's page, this one goes on: signed in again, the person's drafts are kept.
    writeDraft("doctor-a", "referral", draft([["patient_name", "Kofi"]]));
    expect(readDraft("doctor-a", "referral")?.fields).toEqual([["patient_name", "Kofi"]]);
  });
});
