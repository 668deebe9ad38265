import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { facilitiesSearch, filtersFromForm, hasActiveFilters, parseFacilityFilters } from "./facility-filters";

const parse = (search: string) => parseFacilityFilters(new URLSearchParams(search));

describe("directory filters in the address", () => {
  it("reads every filter", () => {
    expect(
      parse("q=heart&country=ghana&type=hospital&specialty=cardiology&services=emergency&nhis=1&page=2&view=map"),
    ).toEqual({
      q: "heart",
      country: "ghana",
      type: "hospital",
      specialty: "cardiology",
      services: "emergency",
      nhis: true,
      page: 2,
      view: "map",
    });
  });

  it("treats missing, 'all' and unknown values as 'all'", () => {
    const defaults = {
      q: "",
      country: undefined,
      type: undefined,
      specialty: undefined,
      services: undefined,
      nhis: false,
      page: 1,
      view: "list",
    };
    expect(parse("")).toEqual(defaults);
    expect(parse("country=all&type=all&specialty=all&services=all")).toEqual(defaults);
    expect(parse("country=mars&type=spaceport&specialty=<script>&services=1&nhis=yes&page=-3&view=globe")).toEqual(
      defaults,
    );
    expect(parse("page=abc").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=99999999").page).toBe(1);
  });

  it("tidies the search text", () => {
    expect(parse("q=%20%20Accra%20%20%20Ridge%0A").q).toBe("Accra Ridge");
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });

  it("never throws, whatever the address", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("q", "country", "type", "specialty", "services", "page", "view", "x"),
          fc.string(),
        ),
        (raw) => {
          const filters = parseFacilityFilters(new URLSearchParams(raw));
          expect(filters.page).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it("writes short canonical addresses that read back the same", () => {
    expect(facilitiesSearch(parse("country=all&page=1&q="))).toBe("");
    const filters = parse("q=lab&country=kenya&services=pharmacy&page=3");
    expect(facilitiesSearch(filters)).toBe("?q=lab&country=kenya&services=pharmacy&page=3");
    expect(parse(facilitiesSearch(filters).slice(1))).toEqual(filters);
  });

  it("knows when any filter is set", () => {
    expect(hasActiveFilters(parse("page=2&view=map"))).toBe(false);
    expect(hasActiveFilters(parse("type=clinic"))).toBe(true);
    expect(hasActiveFilters(parse("q=x"))).toBe(true);
  });

  it("reads the search form in the browser the way the server reads the address", () => {
    const form = new FormData();
    form.set("q", "  heart \n centre ");
    form.set("country", "ghana");
    form.set("type", "all");
    form.set("specialty", "nope");
    form.set("services", "pharmacy");
    form.set("nhis", "1");
    const filters = filtersFromForm(form, "map");
    expect(filters).toEqual({
      q: "heart centre",
      country: "ghana",
      type: undefined,
      specialty: undefined,
      services: "pharmacy",
      nhis: true,
      page: 1,
      view: "map",
    });
    expect(parse(facilitiesSearch(filters).slice(1))).toEqual(filters);
  });
});
