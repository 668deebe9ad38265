// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { i18nFor, provideMessages } from "~/i18n/i18n";
import { compileCatalogue } from "../../../../scripts/vite-po-catalogue";
import type { PatientView } from "../appointment-patient.server";
import { PatientAppointment } from "./patient-appointment";

// The server's catalogues, whole (server-only entries included: this page ships no JavaScript).
for (const locale of ["en", "fr"] as const) {
  provideMessages(locale, compileCatalogue(readFileSync(`app/i18n/catalogues/${locale}.po`, "utf8")) as Messages);
}

/** What the stub's one route shows (set by `html`). */
let shown: { locale: "en" | "fr"; view: PatientView; refused: string | null };
function Page() {
  return (
    <I18nProvider i18n={i18nFor(shown.locale)}>
      <PatientAppointment view={shown.view} refused={shown.refused} />
    </I18nProvider>
  );
}
const Stub = createRoutesStub([{ path: "*", Component: Page }]);

/** The patient's page (no JavaScript) as the server renders it, in one language. */
function html(locale: "en" | "fr", view: PatientView, refused: string | null = null): string {
  shown = { locale, view, refused };
  return renderToString(<Stub initialEntries={[locale === "fr" ? "/fr/appointment/x" : "/appointment/x"]} />)
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");
}

const view = {
  status: "offered",
  facility: { slug: "ridgeview-specialist-hospital", name: "Ridgeview Specialist Hospital" },
  specialty: "Cardiology",
  preferredDay: "2026-03-03",
  preferredPart: "morning",
  slotAt: "2026-03-05T09:30:00Z",
  moves: ["accept", "cancel"],
  patientConfirmed: false,
  declineReason: null,
  othersHref: "/facilities?specialty=cardiology",
} as unknown as PatientView;

describe("the patient's appointment page", () => {
  it("in English, as before", () => {
    const page = html("en", view);
    expect(page).toContain("Your appointment request");
    expect(page).toContain("preferably Tuesday 3 March, in the morning.");
    expect(page).toContain("The facility proposes Thursday, 5 March 2026 at 09:30. Accept this time, or cancel.");
    expect(page).toContain('href="/facility/ridgeview-specialist-hospital"');
  });

  it("in French: words, dates, buttons, decline reason and links under /fr", () => {
    const page = html("fr", view, "This link has expired. Please ask again.");
    expect(page).toContain("Votre demande de rendez-vous");
    expect(page).toContain("de préférence le mardi 3 mars, le matin.");
    expect(page).toContain("L’établissement propose le jeudi 5 mars 2026 à 09:30.");
    expect(page).toContain("Accepter cet horaire");
    expect(page).toContain("Ce lien a expiré. Veuillez refaire la demande.");
    expect(page).toContain('href="/fr/facility/ridgeview-specialist-hospital"');
    const declined = html("fr", {
      ...view,
      status: "declined",
      moves: [],
      declineReason: "Fully booked for the coming weeks",
    } as PatientView);
    expect(declined).toContain(
      "L’établissement ne peut pas proposer ce rendez-vous : complet pour les semaines à venir.",
    );
    expect(declined).toContain('href="/fr/facilities?specialty=cardiology"');
  });
});
