import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { whatsappStatusPayload, whatsappTextPayload } from "../../../../tests/helpers/fake-providers/index.ts";
import { parseAfricasTalkingReport } from "./africastalking.server.ts";
import { parseArkeselReport } from "./arkesel.server.ts";
import {
  parseWhatsAppInbound,
  parseWhatsAppStatuses,
  verifyWhatsAppSignature,
  whatsappChallenge,
} from "./whatsapp.server.ts";

describe("Arkesel delivery callbacks", () => {
  it("reads sms_id and status from the query", () => {
    const q = new URLSearchParams({ token: "t", sms_id: "9b752841", status: "DELIVERED" });
    expect(parseArkeselReport(q, null)).toEqual({ providerId: "9b752841", status: "delivered" });
    q.set("status", "NOT_DELIVERED");
    expect(parseArkeselReport(q, null)).toMatchObject({ status: "undelivered", error: "Arkesel: NOT_DELIVERED" });
    q.set("status", "PROHIBITED");
    expect(parseArkeselReport(q, null)).toMatchObject({ status: "failed" });
  });

  it("ignores what is not a delivery report", () => {
    expect(parseArkeselReport(new URLSearchParams({ sms_id: "x" }), null)).toBeNull();
    expect(parseArkeselReport(new URLSearchParams({ sms_id: "x", status: "WHATEVER" }), null)).toBeNull();
    expect(parseArkeselReport(new URLSearchParams({ sms_id: "x".repeat(201), status: "DELIVERED" }), null)).toBeNull();
  });
});

describe("Africa's Talking delivery reports", () => {
  it("maps Success, Failed (with its reason) and Rejected", () => {
    expect(parseAfricasTalkingReport(new URLSearchParams({ id: "ATXid_1", status: "Success" }))).toEqual({
      providerId: "ATXid_1",
      status: "delivered",
    });
    expect(
      parseAfricasTalkingReport(
        new URLSearchParams({ id: "ATXid_1", status: "Failed", failureReason: "AbsentSubscriber" }),
      ),
    ).toEqual({ providerId: "ATXid_1", status: "undelivered", error: "Africa's Talking: Failed (AbsentSubscriber)" });
    expect(parseAfricasTalkingReport({ id: "ATXid_1", status: "Rejected" })).toMatchObject({ status: "failed" });
    expect(parseAfricasTalkingReport({ id: "ATXid_1", status: "Buffered" })).toMatchObject({ status: "sent" });
    expect(parseAfricasTalkingReport({ id: "ATXid_1" })).toBeNull();
  });
});

describe("WhatsApp webhooks", () => {
  const secret = "app-secret-0123456789";
  const body = JSON.stringify(whatsappStatusPayload("1234567890", "wamid.ABC", "delivered"));
  const sign = (raw: string, key = secret) => `sha256=${createHmac("sha256", key).update(raw).digest("hex")}`;

  it("accepts the X-Hub-Signature-256 of the raw body and nothing else", () => {
    expect(verifyWhatsAppSignature(body, sign(body), secret)).toBe(true);
    expect(verifyWhatsAppSignature(Buffer.from(body), sign(body), secret)).toBe(true);
    expect(verifyWhatsAppSignature(body, sign(body, "another-secret"), secret)).toBe(false);
    expect(verifyWhatsAppSignature(`${body} `, sign(body), secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body).replace("sha256=", "sha1="), secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, "sha256=abc", secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, null, secret)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body, ""), "")).toBe(false);
  });

  it("answers the verification challenge only for the right token", () => {
    const q = (token: string) =>
      new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1158201444" });
    expect(whatsappChallenge(q("verify-token-123456"), "verify-token-123456")).toBe("1158201444");
    expect(whatsappChallenge(q("wrong"), "verify-token-123456")).toBeNull();
    expect(whatsappChallenge(q(""), "")).toBeNull();
  });

  it("reads statuses: read counts as delivered, 131026 as undelivered", () => {
    expect(parseWhatsAppStatuses(JSON.parse(body))).toEqual([{ providerId: "wamid.ABC", status: "delivered" }]);
    expect(parseWhatsAppStatuses(whatsappStatusPayload("1", "wamid.R", "read"))).toEqual([
      { providerId: "wamid.R", status: "delivered" },
    ]);
    expect(parseWhatsAppStatuses(whatsappStatusPayload("1", "wamid.F", "failed", 131026))).toEqual([
      { providerId: "wamid.F", status: "undelivered", error: "WhatsApp 131026 Message undeliverable" },
    ]);
    expect(parseWhatsAppStatuses(whatsappStatusPayload("1", "wamid.F", "failed", 131042))).toMatchObject([
      { status: "failed" },
    ]);
    expect(parseWhatsAppStatuses({ entry: [{ changes: [{ value: { messages: [{ id: "in" }] } }] }] })).toEqual([]);
    expect(parseWhatsAppStatuses(null)).toEqual([]);
    expect(parseWhatsAppStatuses("nonsense")).toEqual([]);
  });

  it("reads the text messages people send (Meta's text message payload), and nothing else", () => {
    const payload = whatsappTextPayload("123456123", "233241234567", "QH-ABCD-EFGH");
    expect(parseWhatsAppInbound(payload)).toEqual([
      { id: expect.stringMatching(/^wamid\./), from: "233241234567", text: "QH-ABCD-EFGH" },
    ]);
    expect(parseWhatsAppStatuses(payload)).toEqual([]);
    expect(parseWhatsAppInbound(whatsappStatusPayload("1", "wamid.R", "read"))).toEqual([]);
    const image = {
      entry: [{ changes: [{ value: { messages: [{ from: "233241234567", id: "x", type: "image" }] } }] }],
    };
    expect(parseWhatsAppInbound(image)).toEqual([]);
    const notANumber = whatsappTextPayload("1", "233241234567", "hi") as {
      entry: { changes: { value: { messages: { from: string }[] } }[] }[];
    };
    notANumber.entry[0]!.changes[0]!.value.messages[0]!.from = "+233 24";
    expect(parseWhatsAppInbound(notANumber)).toEqual([]);
    expect(parseWhatsAppInbound(null)).toEqual([]);
    expect(parseWhatsAppInbound("nonsense")).toEqual([]);
  });
});
