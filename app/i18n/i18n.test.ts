import { afterEach, describe, expect, it, vi } from "vitest";
import { compileCatalogue } from "../../scripts/vite-po-catalogue";
import { provideMessages, translator } from "./i18n";

/** A text the catalogue lacks (decision 044): shown as given, reported unless it is already the language's own. */
describe("a missing catalogue entry", () => {
  const po = [
    'msgid "Referral Accepted"',
    'msgstr "Orientation acceptée"',
    "",
    'msgctxt "greeting"',
    'msgid "Hello {name}"',
    'msgstr "Bonjour {name}"',
    "",
  ].join("\n");
  provideMessages("ha", compileCatalogue(po) as never);
  const t = translator("ha");
  afterEach(() => vi.restoreAllMocks());

  it("a text the server already wrote in the language shows as it is, unreported", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("Orientation acceptée")).toBe("Orientation acceptée");
    expect(warn).not.toHaveBeenCalled();
  });

  it("an English text with no entry shows as given and is reported once", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("Report not found anywhere")).toBe("Report not found anywhere");
    expect(t("Report not found anywhere")).toBe("Report not found anywhere");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('no "ha" catalogue entry');
  });

  it("a message with values is not mistaken for a text of the language", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(t("greeting", { name: "Ama" })).toBe("Bonjour Ama");
    expect(t("Bonjour {name}")).toBe("Bonjour {name}");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
