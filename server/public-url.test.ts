import { describe, expect, it } from "vitest";
import { publicUrl } from "./public-url";

const headers = (values: Record<string, string>) => new Headers(values);
const behindProxy = { trustProxy: true, appUrl: "https://qurhealth.example" };
const direct = { trustProxy: false, appUrl: "https://qurhealth.example" };

describe("publicUrl", () => {
  it("takes the scheme from X-Forwarded-Proto behind a trusted proxy", () => {
    const url = publicUrl("http://localhost:4443/contact", headers({ "x-forwarded-proto": "https" }), behindProxy);
    expect(url.href).toBe("https://localhost:4443/contact");
  });

  it("takes the proxy's own (last) entry of a list", () => {
    const url = publicUrl("http://h.example/", headers({ "x-forwarded-proto": "http, https" }), behindProxy);
    expect(url.protocol).toBe("https:");
  });

  it("takes the host from X-Forwarded-Host behind a trusted proxy, and ignores a malformed one", () => {
    const forwarded = headers({ "x-forwarded-proto": "https", "x-forwarded-host": "qurhealth.example" });
    expect(publicUrl("http://10.0.0.5:3000/auth?tab=x", forwarded, behindProxy).href).toBe(
      "https://qurhealth.example/auth?tab=x",
    );
    const junk = headers({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example/path@x" });
    expect(publicUrl("http://10.0.0.5:3000/", junk, behindProxy).host).toBe("10.0.0.5:3000");
  });

  it("ignores forwarded headers unless the proxy is trusted", () => {
    const forged = headers({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
    expect(publicUrl("http://localhost:3000/", forged, direct).href).toBe("http://localhost:3000/");
  });

  it("without TRUST_PROXY, gives a request to APP_URL's host APP_URL's scheme", () => {
    expect(publicUrl("http://qurhealth.example/x", headers({}), direct).href).toBe("https://qurhealth.example/x");
    // A trusted proxy's word decides: a request it did not mark as https stays http.
    expect(publicUrl("http://qurhealth.example/x", headers({}), behindProxy).protocol).toBe("http:");
  });

  it("leaves a plain local request as it came", () => {
    const local = { trustProxy: false, appUrl: "http://localhost:3000" };
    expect(publicUrl("http://localhost:3000/a?b=1", headers({}), local).href).toBe("http://localhost:3000/a?b=1");
  });

  it("ignores an unknown scheme", () => {
    const url = publicUrl("http://h.example/", headers({ "x-forwarded-proto": "javascript" }), behindProxy);
    expect(url.protocol).toBe("http:");
  });
});
