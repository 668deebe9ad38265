import { describe, expect, it } from "vitest";
import { contentDisposition, sanitiseFileName } from "./attachment-rules";

describe("a stored and downloaded file's name (issue 24)", () => {
  it("ends with the extension of the type its bytes are, whatever was uploaded", () => {
    expect(sanitiseFileName("poly.html", "application/pdf")).toBe("poly.pdf");
    expect(sanitiseFileName("invoice.pdf.hta", "application/pdf")).toBe("invoice.pdf.pdf");
    expect(sanitiseFileName("photo.png", "image/jpeg")).toBe("photo.jpg");
    expect(sanitiseFileName("scan", "image/webp")).toBe("scan.webp");
    expect(sanitiseFileName("run.exe", "image/png")).toBe("run.png");
    // An extension of the right type stays, in lower case.
    expect(sanitiseFileName("Letter.PDF", "application/pdf")).toBe("Letter.pdf");
    expect(sanitiseFileName("x-ray.jpeg", "image/jpeg")).toBe("x-ray.jpeg");
    expect(sanitiseFileName("referral letter.pdf", "application/pdf")).toBe("referral letter.pdf");
  });

  it("drops the characters that disguise a name: bidi overrides, zero-width, controls, line breaks", () => {
    expect(sanitiseFileName("report\u202Efdp.exe", "application/pdf")).toBe("reportfdp.pdf");
    expect(sanitiseFileName("a\u2066b\u2069c\u200B\u200D\uFEFF.png", "image/png")).toBe("abc.png");
    expect(sanitiseFileName("two\nlines\r\u2028.pdf", "application/pdf")).toBe("two lines.pdf");
    expect(sanitiseFileName("C:\\tmp\\../\u0007evil\u202Efdp.pdf", "application/pdf")).toBe("evilfdp.pdf");
    expect(sanitiseFileName("  .hidden.pdf  ", "application/pdf")).toBe("hidden.pdf");
    expect(sanitiseFileName("\u202E", "image/png")).toBe("attachment.png");
    expect(sanitiseFileName(".pdf", "application/pdf")).toBe("pdf.pdf");
  });

  it("keeps at most 255 characters, the extension included", () => {
    const long = sanitiseFileName(`${"é".repeat(300)}.html`, "application/pdf");
    expect([...long]).toHaveLength(255);
    expect(long.endsWith("é.pdf")).toBe(true);
    expect([...sanitiseFileName("😀".repeat(300), "image/png")]).toHaveLength(255);
  });
});

describe("Content-Disposition of a download (RFC 6266)", () => {
  it("is an attachment with an ASCII filename and the real name in filename*", () => {
    expect(contentDisposition("référé 1.pdf", "application/pdf")).toBe(
      `attachment; filename="r_f_r_ 1.pdf"; filename*=UTF-8''r%C3%A9f%C3%A9r%C3%A9%201.pdf`,
    );
    // Quotes, percent signs and semicolons never reach the quoted value.
    expect(contentDisposition('a"b;c%22d.pdf', "application/pdf")).toBe(
      `attachment; filename="a_b_c_22d.pdf"; filename*=UTF-8''a%22b%3Bc%2522d.pdf`,
    );
  });

  it("names a file stored before the rules with its type's extension and without hidden characters", () => {
    expect(contentDisposition("poly.html", "application/pdf")).toBe(
      `attachment; filename="poly.pdf"; filename*=UTF-8''poly.pdf`,
    );
    const header = contentDisposition("report\u202Efdp.exe", "application/pdf");
    expect(header).toBe(`attachment; filename="reportfdp.pdf"; filename*=UTF-8''reportfdp.pdf`);
    // No line break can end the header early.
    expect(contentDisposition("a\r\nSet-Cookie: x=1.pdf", "application/pdf")).not.toMatch(/[\r\n]/);
  });
});
