import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "flash-"));
  process.env.AUTH_SECRET ??= "flash-test-secret-flash-test-secret-0123";
});

const { hasFlash, readFlash, redirectWithToast } = await import("./flash.server");

/** The cookie a browser would send back after `response`. */
function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}

describe("flash toasts", () => {
  it("carry a toast across a redirect, once, and clear it", async () => {
    const response = await redirectWithToast("/dashboard/doctor", {
      title: "Referral Created",
      description: "Your referral has been created successfully.",
      variant: "success",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/doctor");
    const cookie = cookieFrom(response);
    expect(hasFlash(cookie)).toBe(true);
    // Not in the address: the redirect goes to the page's own address.
    expect(response.headers.get("Location")).not.toContain("?");

    const read = await readFlash(new Request("http://x/dashboard/doctor", { headers: { Cookie: cookie } }));
    expect(read.toast).toMatchObject({ title: "Referral Created", variant: "success" });
    expect(read.toast?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(read.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
  });

  it("ignore a forged or tampered cookie, and still clear it", async () => {
    const forged = `qh_flash=${Buffer.from(JSON.stringify({ id: "x", title: "Hacked" })).toString("base64")}`;
    const read = await readFlash(new Request("http://x/", { headers: { Cookie: forged } }));
    expect(read.toast).toBeNull();
    expect(read.headers.get("Set-Cookie")).toMatch(/Max-Age=0/i);
  });

  it("cost nothing without a flash cookie", async () => {
    const read = await readFlash(new Request("http://x/", { headers: { Cookie: "other=1" } }));
    expect(read.toast).toBeNull();
    expect([...read.headers]).toEqual([]);
  });
});
