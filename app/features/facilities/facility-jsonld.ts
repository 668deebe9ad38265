import type { facilities } from "~/db/schema";
import { isRated, type ReviewRating } from "./facility-format";

/** The profile fields structured data needs. */
export type JsonLdSource = Pick<
  typeof facilities.$inferSelect,
  | "name"
  | "slug"
  | "type"
  | "description"
  | "image"
  | "address"
  | "location"
  | "country"
  | "contact"
  | "languages"
  | "specialties"
> & { reviewRating: ReviewRating | null };

const SCHEMA_TYPE: Record<string, string> = {
  hospital: "Hospital",
  clinic: "MedicalClinic",
  diagnostic: "MedicalOrganization",
  specialty: "MedicalOrganization",
};

const COUNTRY_CODE: Record<string, string> = {
  ghana: "GH",
  nigeria: "NG",
  kenya: "KE",
  "south-africa": "ZA",
  india: "IN",
  brazil: "BR",
};

/**
 * schema.org data for a facility profile: name, address, telephone, and aggregateRating only
 * when the facility has reviews written in the product.
 */
export function facilityJsonLd(facility: JsonLdSource, origin: string): Record<string, unknown> {
  const url = `${origin}/facility/${facility.slug}`;
  const { contact } = facility;
  const sameAs = [contact.website, contact.facebook, contact.instagram].filter((u): u is string => Boolean(u));
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": SCHEMA_TYPE[facility.type] ?? "MedicalOrganization",
    "@id": url,
    name: facility.name,
    url,
    description: facility.description,
    image: `${origin}${facility.image}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: facility.address,
      addressLocality: facility.location.split(",")[0]?.trim(),
      addressCountry: COUNTRY_CODE[facility.country] ?? facility.country,
    },
    telephone: contact.phones[0],
    email: contact.email,
    knowsLanguage: facility.languages,
    medicalSpecialty: facility.specialties,
  };
  if (sameAs.length > 0) data.sameAs = sameAs;
  if (isRated(facility.reviewRating)) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: facility.reviewRating.average,
      reviewCount: facility.reviewRating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
