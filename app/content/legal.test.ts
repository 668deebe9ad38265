import { describe, expect, it } from "vitest";
import { SESSION_DEFAULTS } from "~/auth/auth.server";
import { applyHref, OPENINGS } from "./careers";
import { INVESTORS } from "./investors";
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
});
