import { randomUUID } from "node:crypto";
import { Client } from "fhir-kit-client";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { expect, expectAccessible, hydrated, test } from "./fixtures";
import { ADMIN, firstFacility, registerAndVerify } from "./support/accounts";
import { approveAll, referByPost, signedIn } from "./support/sign-in";

/*
 * A hospital system connected to the network (decisions 034 and 047), in the real server: a system
 * administrator registers it on the Hospital systems screen on a 360 px phone, and the system,
 * with fhir-kit-client (a FHIR client written by others) over a socket, searches its Tasks,
 * pages, includes their ServiceRequests, reads a file, accepts a referral by updating its Task,
 * and gets a 412 and a 422. Revoked on the screen, its token stops working.
 */

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

type Bundle = {
  entry?: Array<{ resource: { resourceType: string; id: string; status?: string }; search?: { mode: string } }>;
  link?: Array<{ relation: string; url: string }>;
};

async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    return (error as { response?: { status?: number } }).response?.status ?? 0;
  }
}

test("a system administrator registers a hospital system on a phone; the system works its referrals with fhir-kit-client", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL ?? "";
  const facility = await firstFacility(request);
  const doctor = await registerAndVerify(request, { role: "doctor", name: "Dr Efua FHIR" });
  await approveAll([doctor]);
  const doctorPage = await signedIn(browser, doctor);
  const stamp = randomUUID().slice(0, 8);
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    numbers.push(
      await referByPost(doctorPage, facility.id, `Fhir Patient ${stamp} ${i}`, { chief_complaint: "Chest pain" }),
    );
  }
  const referralId = await (async () => {
    await doctorPage.goto(`/referrals/${numbers[0]}`);
    return doctorPage.locator('input[name="referralId"]').first().inputValue();
  })();
  const attached = await doctorPage.request.post(`/referrals/${numbers[0]}`, {
    multipart: { intent: "attach", referralId, file: { name: "letter.pdf", mimeType: "application/pdf", buffer: PDF } },
    headers: { Origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(attached.status()).toBeLessThan(400);

  // The screen, on a 360 px phone.
  const keys = await generateKeyPair("ES384", { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: `e2e-${stamp}`, alg: "ES384" };
  const admin = await signedIn(browser, ADMIN, /\/dashboard\/system-admin/, { viewport: { width: 360, height: 780 } });
  await admin.goto("/dashboard/system-admin/api-clients");
  await hydrated(admin);
  await admin.getByLabel("System name").fill(`E2E EMR ${stamp}`);
  await admin.getByLabel("Facility").selectOption({ label: facility.name });
  await admin.getByLabel("Public keys (JWKS)").fill(JSON.stringify({ keys: [jwk] }));
  await admin.getByRole("button", { name: "Register" }).click();
  const shown = admin.getByRole("status").filter({ hasText: "Client id:" });
  await expect(shown).toBeVisible();
  const clientId = (await shown.locator("code").textContent()) ?? "";
  expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(admin.getByRole("row").filter({ hasText: `E2E EMR ${stamp}` })).toContainText(facility.name);
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(admin);

  // The hospital's side: a token by SMART Backend Services, then fhir-kit-client over the socket.
  const tokenUrl = `${baseURL}/fhir/auth/token`;
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: "ES384", kid: jwk.kid, typ: "JWT" })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenUrl)
    .setJti(randomUUID())
    .setExpirationTime(now + 240)
    .sign(keys.privateKey);
  const tokenResponse = await fetch(tokenUrl, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: assertion,
    }),
  });
  expect(tokenResponse.status).toBe(200);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const fhir = new Client({ baseUrl: `${baseURL}/fhir`, bearerToken: token });

  const first = (await fhir.search({
    resourceType: "Task",
    searchParams: { status: "requested", _count: 2, _include: "Task:focus" },
  })) as Bundle;
  expect(first.entry?.filter((e) => e.search?.mode === "match")).toHaveLength(2);
  expect(first.entry?.filter((e) => e.resource.resourceType === "ServiceRequest")).toHaveLength(2);
  const second = (await fhir.nextPage({ bundle: first as never })) as Bundle;
  const pageIds = [...(first.entry ?? []), ...(second.entry ?? [])]
    .filter((e) => e.search?.mode === "match")
    .map((e) => e.resource.id);
  expect(new Set(pageIds).size).toBe(pageIds.length);
  expect(pageIds).toContain(referralId);

  const documents = (await fhir.search({
    resourceType: "DocumentReference",
    searchParams: { related: `ServiceRequest/${referralId}` },
  })) as unknown as { entry: Array<{ resource: { content: Array<{ attachment: { url: string } }> } }> };
  const file = await fetch(documents.entry[0]!.resource.content[0]!.attachment.url, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

  const task = (await fhir.read({ resourceType: "Task", id: referralId })) as unknown as Record<string, unknown>;
  const accepted = (await fhir.update({
    resourceType: "Task",
    id: referralId,
    body: { ...task, status: "accepted" } as never,
    options: { headers: { "If-Match": 'W/"1"' } },
  })) as unknown as { status: string; meta: { versionId: string } };
  expect(accepted).toMatchObject({ status: "accepted", meta: { versionId: "2" } });
  const stale = fhir.update({
    resourceType: "Task",
    id: referralId,
    body: { ...task, status: "rejected", statusReason: { text: "No bed" } } as never,
    options: { headers: { "If-Match": 'W/"1"' } },
  });
  expect(await statusOf(stale)).toBe(412);
  const noOutcome = fhir.update({
    resourceType: "Task",
    id: referralId,
    body: { ...task, status: "completed" } as never,
    options: { headers: { "If-Match": 'W/"2"' } },
  });
  expect(await statusOf(noOutcome)).toBe(422);

  // The referral's page says what the system did.
  await doctorPage.goto(`/referrals/${numbers[0]}`);
  await expect(doctorPage.getByText("Accepted").first()).toBeVisible();

  // Revoked on the screen: the token stops at once.
  await admin.getByRole("button", { name: `Revoke E2E EMR ${stamp}` }).click();
  await expect(admin.getByRole("row").filter({ hasText: `E2E EMR ${stamp}` })).toContainText("Revoked");
  expect(await statusOf(fhir.read({ resourceType: "Task", id: referralId }))).toBe(401);
});
