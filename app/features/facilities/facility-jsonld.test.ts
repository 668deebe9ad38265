import { describe, expect, it } from "vitest";
import { facilityJsonLd, type JsonLdSource, serializeJsonLd } from "./facility-jsonld";

const base: JsonLdSource = {
  name: "Ridgeview Specialist Hospital",
  slug: "ridgeview-specialist-hospital",
  type: "hospital",
  description: "A referral hospital.",
  image: "/images/facilities/ridgeview-specialist-hospital.svg",
  address: "12 Castle Road, Ridge, Accra, Ghana",
  location: "Accra, Ghana",
  country: "ghana",
  reviewRating: { average: 4.8, count: 1250 },
  languages: ["English", "Twi"],
  specialties: ["Cardiology"],
  contact: {
    phones: ["+233 30 276 4100"],
    email: "info@example.test",
    address: "12 Castle Road",
    website: "https://example.test",
  },
};

describe("facility structured data", () => {
  it("describes a hospital with its address, telephone and rating", () => {
    const data = facilityJsonLd(base, "https://qurhealth.example");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Hospital",
      name: "Ridgeview Specialist Hospital",
      url: "https://qurhealth.example/facility/ridgeview-specialist-hospital",
      image: "https://qurhealth.example/images/facilities/ridgeview-specialist-hospital.svg",
      address: { "@type": "PostalAddress", addressLocality: "Accra", addressCountry: "GH" },
      telephone: "+233 30 276 4100",
      sameAs: ["https://example.test"],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, reviewCount: 1250 },
    });
  });

  it("leaves out the rating when there is none, and picks the clinic type", () => {
    const data = facilityJsonLd({ ...base, type: "clinic", reviewRating: null }, "");
    expect(data["@type"]).toBe("MedicalClinic");
    expect(data).not.toHaveProperty("aggregateRating");
    expect(facilityJsonLd({ ...base, type: "diagnostic" }, "")["@type"]).toBe("MedicalOrganization");
  });

  it("cannot close its script tag", () => {
    const json = serializeJsonLd(facilityJsonLd({ ...base, name: "</script><script>alert(1)</script>" }, ""));
    expect(json).not.toContain("<");
    expect(JSON.parse(json).name).toBe("</script><script>alert(1)</script>");
  });
});
