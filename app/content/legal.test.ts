import { describe, expect, it } from "vitest";
import { SESSION_DEFAULTS } from "~/auth/auth.server";
import { catalogueTranslate } from "../../tests/helpers/catalogue-translate";
import { applyHref, OPENINGS } from "./careers";
import { INVESTORS, investorHubFigures } from "./investors";
import {
  COOKIE_POLICY,
  type PolicyDocument,
  PRIVACY_POLICY,
  SECURITY_POLICY,
  SESSION_COOKIE,
  TERMS_OF_SERVICE,
} from "./legal";
import { SITE } from "./site";

const text = (doc: PolicyDocument) => JSON.stringify(doc);

describe("legal pages state this product's facts (spec section 9)", () => {
  it("terms: partner fee, founding clinics, notice periods, breach notice, Act 843", () => {
    const terms = text(TERMS_OF_SERVICE);
    expect(terms).toContain("$1.26 per active patient per month plus a 20% fee share");
    expect(terms).toContain(
      "The first 50 clinics to join get free lifetime access: no platform fee, only the 20% revenue share",
    );
    expect(terms).toContain("at least 30 days' notice by email before any price change");
    expect(terms).toContain("within 72 hours");
    expect(terms).toContain("Data Protection Act, 2012 (Act 843)");
    expect(terms).toContain("₵100");
  });

  it("privacy, cookies and security agree on breach notice, the one cookie and no third parties", () => {
    for (const doc of [PRIVACY_POLICY, SECURITY_POLICY])
      expect(text(doc)).toContain("within 72 hours of becoming aware");
    expect(text(COOKIE_POLICY)).toContain("We set one cookie");
    expect(text(COOKIE_POLICY)).toContain("HttpOnly");
    expect(text(COOKIE_POLICY)).toContain("No third-party scripts");
  });

  it("the cookie policy states the session lifetime the auth configuration really uses", () => {
    expect(SESSION_COOKIE).toEqual(SESSION_DEFAULTS);
    expect(text(COOKIE_POLICY)).toContain(`after ${SESSION_COOKIE.idleMinutes} minutes without activity`);
    expect(text(COOKIE_POLICY)).toContain(`${SESSION_COOKIE.maxHours} hours after you signed in`);
  });

  it("every document has unique section ids, a date and no placeholder text", () => {
    for (const doc of [PRIVACY_POLICY, TERMS_OF_SERVICE, COOKIE_POLICY, SECURITY_POLICY]) {
      const ids = doc.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(text(doc)).not.toMatch(/lorem|todo|coming soon/i);
      expect(doc.description.length).toBeLessThanOrEqual(200);
    }
  });
});

describe("careers", () => {
  it("has 5 openings applied for by email with the role, URL-encoded, in the subject", () => {
    expect(OPENINGS).toHaveLength(5);
    expect(new Set(OPENINGS.map((o) => o.title)).size).toBe(5);
    expect(applyHref("Product Designer, Mobile")).toBe(
      `mailto:${SITE.email.careers}?subject=Application%3A%20Product%20Designer%2C%20Mobile`,
    );
  });
});

describe("investors", () => {
  it("carries the spec's funding ask and use of funds", () => {
    expect(INVESTORS.ask.amount).toBe("$500K-2M");
    expect(INVESTORS.ask.uses.map((u) => u.percent)).toEqual([50, 30, 20]);
    expect(INVESTORS.projections.rows.map((r) => [r.facilities, r.monthlyRevenue])).toEqual([
      ["50", "$125K-375K"],
      ["200", "$500K-1.5M"],
      ["500", "$1.25M-3.75M"],
    ]);
    expect(INVESTORS.investHref).toBe(`mailto:${SITE.email.invest}?subject=Investment%20enquiry`);
  });

  it("writes its figures in the page's language (issue 38): French counts, hubs and launch dates", () => {
    const hubs = [
      { id: "breast-cancer-care", title: "Breast Cancer Care", titleFr: "Cancer du sein", status: "live" },
      { id: "cervical-cancer", title: "Cervical Cancer Prevention", status: "coming-soon", launchDate: "Q3 2099" },
      { id: "prostate-cancer", title: "Prostate Cancer Care", status: "coming-soon", launchDate: "Q3 2099" },
      { id: "mental-health", title: "Mental Health", status: "coming-soon", launchDate: "May 2099" },
    ] as const;
    const counts = { facilities: 8, ghanaFacilities: 1 };
    const now = new Date("2030-01-01T00:00:00Z");
    const en = investorHubFigures(hubs, counts, catalogueTranslate("en"), "en", now);
    expect(en.lead).toContain("from 1 facility in Ghana to 500");
    expect(en.summary[0]).toContain("Ghana and, next, Nigeria, Kenya and South Africa");
    expect(en.summary[1]).toContain("the network has 1 partner facility in Ghana,");
    expect(en.summary[1]).toContain("and 4 specialist hubs (1 live, 3 in development).");
    expect(en.traction[0]?.label).toBe("partner facility in Ghana, 8 in the network; goal 50+");
    expect(en.roadmap[1]?.hubs).toBe(
      "Breast Cancer Care hub: live. Cervical Cancer Prevention and Prostate Cancer Care hubs: launching Q3 2099",
    );
    expect(en.roadmap[4]?.hubs).toBe("Mental Health hub: launching May 2099");

    const fr = investorHubFigures(hubs, counts, catalogueTranslate("fr"), "fr", now);
    expect(fr.lead).toContain("de 1 établissement au Ghana à 500");
    expect(fr.summary[0]).toContain("du Ghana et, ensuite, du Nigeria");
    expect(fr.summary[1]).toContain("4 pôles de spécialité (1 ouvert, 3 en préparation)");
    expect(fr.traction[1]?.label).toBe("pôles de spécialité : 1 ouvert, 3 en préparation");
    expect(fr.roadmap[1]?.hubs).toBe(
      "Pôle Cancer du sein : ouvert. Pôles Cervical Cancer Prevention et Prostate Cancer Care : ouverture prévue T3 2099",
    );
    expect(fr.roadmap[4]?.hubs).toBe("Pôle Mental Health : ouverture prévue mai 2099");
  });
});
