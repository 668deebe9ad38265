import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_VARIANTS,
  type PaystackFake,
  startPaystackFake,
  variantsOf,
} from "../../../tests/helpers/fake-providers/paystack";
import { nationalNumber, paystackProvider, paystackState } from "./paystack.server";
import type { PayoutProvider } from "./provider";

let fake: PaystackFake;
let paystack: PayoutProvider;

beforeAll(async () => {
  fake = await startPaystackFake();
  paystack = paystackProvider({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 3_000 });
});
afterAll(async () => {
  await fake.close();
});

const MOMO = {
  method: "mobile_money" as const,
  network: "TELECEL" as const,
  accountNumber: "+233205550147",
  bankCode: null,
  accountName: "Dr Ama Mensah",
};

describe("the Paystack Transfers adapter, against the local fake of its documented API", () => {
  it("makes a mobile-money recipient with the national number and Paystack's network code, with the secret key", async () => {
    const result = await paystack.createRecipient(MOMO);
    expect(result).toMatchObject({ ok: true, recipientCode: expect.stringMatching(/^RCP_/) });
    const request = fake.requests.at(-1)!;
    expect(request).toMatchObject({
      method: "POST",
      path: "/transferrecipient",
      authorization: `Bearer ${fake.secretKey}`,
    });
    expect(JSON.parse(request.body)).toEqual({
      type: "mobile_money",
      name: "Dr Ama Mensah",
      account_number: "0205550147",
      bank_code: "VOD",
      currency: "GHS",
    });
    expect(nationalNumber("+233241234567")).toBe("0241234567");
  });

  it("sends a transfer under our reference once: the same reference again is refused (a 4xx, whatever its words), never a second payment", async () => {
    const recipient = await paystack.createRecipient(MOMO);
    if (!recipient.ok) throw new Error(recipient.error);
    const transfer = {
      reference: "qh-test-0000000000000001",
      amountPesewas: 7000,
      recipientCode: recipient.recipientCode,
      reason: "Payout",
    };
    expect(await paystack.initiateTransfer(transfer)).toMatchObject({
      ok: true,
      state: "pending",
      providerCode: expect.stringMatching(/^TRF_/),
    });
    expect(JSON.parse(fake.requests.at(-1)!.body)).toEqual({
      source: "balance",
      amount: 7000,
      recipient: recipient.recipientCode,
      reference: "qh-test-0000000000000001",
      reason: "Payout",
      currency: "GHS",
    });
    // The refusal's words decide nothing: the caller asks by reference (below).
    expect(await paystack.initiateTransfer(transfer)).toMatchObject({ ok: false, code: "rejected", retryable: false });
    expect(fake.transfers.size).toBe(1);
    expect(await paystack.verifyTransfer(transfer.reference)).toMatchObject({
      ok: true,
      found: true,
      state: "pending",
      amountPesewas: 7000,
    });
    fake.settle(transfer.reference, "success");
    expect(await paystack.verifyTransfer(transfer.reference)).toMatchObject({
      ok: true,
      found: true,
      state: "success",
      feePesewas: 100,
    });
    expect(await paystack.verifyTransfer("qh-test-never-sent-000001")).toEqual({ ok: true, found: false });
    const listed = await paystack.listTransfers(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    expect(listed).toMatchObject({
      ok: true,
      transfers: [{ reference: transfer.reference, state: "success", amountPesewas: 7000 }],
    });
  });

  it("classifies failures: 5xx, timeouts and not enough balance may pass; a wrong key and a refusal do not", async () => {
    const recipient = await paystack.createRecipient(MOMO);
    if (!recipient.ok) throw new Error(recipient.error);
    const send = (n: number) =>
      paystack.initiateTransfer({
        reference: `qh-test-fail-${String(n).padStart(12, "0")}`,
        amountPesewas: 7000,
        recipientCode: recipient.recipientCode,
        reason: "x",
      });
    fake.mode = "server_error";
    expect(await send(1)).toMatchObject({ ok: false, code: "server_error", retryable: true });
    fake.mode = "insufficient_balance";
    expect(await send(2)).toMatchObject({ ok: false, code: "insufficient_balance", retryable: true });
    fake.mode = "hang";
    expect(await send(3)).toMatchObject({ ok: false, code: "timeout", retryable: true });
    fake.mode = "normal";
    expect(
      await paystack.initiateTransfer({
        reference: "qh-test-badrecipient-01",
        amountPesewas: 7000,
        recipientCode: "RCP_nobody",
        reason: "x",
      }),
    ).toMatchObject({
      ok: false,
      code: "rejected",
      retryable: false,
    });
    const wrongKey = paystackProvider({ secretKey: "sk_test_wrongwrongwrong", baseUrl: fake.url });
    expect(await wrongKey.createRecipient(MOMO)).toMatchObject({ ok: false, code: "auth", retryable: false });
  }, 30_000);

  it("reads a webhook only when its HMAC SHA-512 signature over the raw body is right", async () => {
    const recipient = await paystack.createRecipient(MOMO);
    if (!recipient.ok) throw new Error(recipient.error);
    await paystack.initiateTransfer({
      reference: "qh-test-webhook-000001",
      amountPesewas: 9000,
      recipientCode: recipient.recipientCode,
      reason: "x",
    });
    const signed = fake.settle("qh-test-webhook-000001", "reversed");
    expect(paystack.verifyWebhook(signed.body, new Headers(signed.headers))).toMatchObject({
      kind: "reversed",
      event: "transfer.reversed",
      reference: "qh-test-webhook-000001",
      amountPesewas: 9000,
      // Paystack's documented transfer.reversed event carries no fee_charged.
      feePesewas: null,
    });
    const forged = fake.webhook("qh-test-webhook-000001", "transfer.success", { forge: true });
    expect(paystack.verifyWebhook(forged.body, new Headers(forged.headers))).toBeNull();
    // The right signature over another body: refused.
    expect(paystack.verifyWebhook(signed.body.replace("9000", "90000"), new Headers(signed.headers))).toBeNull();
    expect(paystack.verifyWebhook(signed.body, new Headers())).toBeNull();
    expect(paystack.verifyWebhook(signed.body, new Headers({ "x-paystack-signature": "zz" }))).toBeNull();
  });

  it("an 'otp' answer (OTP for transfers left on) is a transfer Paystack holds: pending, never a failure", async () => {
    const recipient = await paystack.createRecipient(MOMO);
    if (!recipient.ok) throw new Error(recipient.error);
    fake.initialStatus = "otp";
    try {
      expect(
        await paystack.initiateTransfer({
          reference: "qh-test-otp-00000000001",
          amountPesewas: 7000,
          recipientCode: recipient.recipientCode,
          reason: "x",
        }),
      ).toMatchObject({ ok: true, state: "pending", providerStatus: "otp" });
    } finally {
      fake.initialStatus = "pending";
    }
  });

  for (const verifyUnknown of ["404", "400"] as const) {
    it(`a reference Paystack never saw is 'not found' (verify answers ${verifyUnknown} "Transfer not found")`, async () => {
      fake.variants = { ...fake.variants, verifyUnknown };
      expect(await paystack.verifyTransfer("qh-test-never-sent-000002")).toEqual({ ok: true, found: false });
      const wrongKey = paystackProvider({ secretKey: "sk_test_wrongwrongwrong", baseUrl: fake.url });
      expect(await wrongKey.verifyTransfer("qh-test-never-sent-000002")).toMatchObject({ ok: false, code: "auth" });
    });
  }

  it("reads Paystack's documented list rows, which carry no reference, by transfer code", async () => {
    fake.variants = { ...fake.variants, listRows: "documented_example" };
    const listed = await paystack.listTransfers(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000));
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.transfers.length).toBeGreaterThan(0);
    for (const t of listed.transfers) {
      expect(t).toMatchObject({ reference: "", providerCode: expect.stringMatching(/^TRF_/), feePesewas: null });
    }
  });

  it("maps Paystack's transfer statuses", () => {
    expect(["success", "failed", "abandoned", "reversed", "pending", "otp", "processing"].map(paystackState)).toEqual([
      "success",
      "failed",
      "failed",
      "reversed",
      "pending",
      "pending",
      "pending",
    ]);
  });
});

/*
 * Decision 032, point 5: the account holder's name, asked of GET /bank/resolve. Paystack documents it
 * for personal bank accounts in Nigeria and Ghana and says nothing of mobile money, so a wallet is
 * tried and either answer is handled; an account it cannot resolve is refused in any 4xx.
 */
describe("resolving the account holder's name (GET /bank/resolve)", () => {
  const BANK = {
    method: "bank" as const,
    network: null,
    accountNumber: "0012345678901",
    bankCode: "280100",
    accountName: "Dr Ama Mensah",
  };

  for (const { name, variants } of variantsOf("resolveUnknown")) {
    it(`a Ghanaian bank account answers its holder's name; one Paystack cannot resolve is refused (${name})`, async () => {
      fake.variants = { ...variants };
      fake.accountHolders.set("280100:0012345678901", "AMA SERWAA MENSAH");
      expect(await paystack.resolveAccount(BANK)).toEqual({ ok: true, accountName: "AMA SERWAA MENSAH" });
      const request = fake.requests.at(-1)!;
      expect(request).toMatchObject({
        method: "GET",
        path: "/bank/resolve",
        authorization: `Bearer ${fake.secretKey}`,
      });
      expect(await paystack.resolveAccount({ ...BANK, accountNumber: "0012345678999" })).toMatchObject({
        ok: false,
        code: "rejected",
        retryable: false,
      });
      fake.variants = { ...DEFAULT_VARIANTS };
    });
  }

  for (const { name, variants } of variantsOf("momoResolve")) {
    it(`a mobile-money wallet is asked by its national number and Paystack's network code (${name})`, async () => {
      fake.variants = { ...variants };
      fake.walletHolders.set("0205550147", "AMA MENSAH");
      const answer = await paystack.resolveAccount(MOMO);
      expect(fake.requests.at(-1)!.path).toBe("/bank/resolve");
      if (variants.momoResolve === "resolves") expect(answer).toEqual({ ok: true, accountName: "AMA MENSAH" });
      else expect(answer).toMatchObject({ ok: false, code: "rejected", retryable: false });
      fake.variants = { ...DEFAULT_VARIANTS };
    });
  }

  it("asks with the right query, and a wrong key, a 5xx or a timeout is 'cannot tell', not 'no such account'", async () => {
    fake.accountHolders.set("280100:0012345678901", "AMA SERWAA MENSAH");
    await paystack.resolveAccount(BANK);
    expect(fake.resolveQueries.at(-1)).toEqual({ account_number: "0012345678901", bank_code: "280100" });
    fake.walletHolders.set("0205550147", "AMA MENSAH");
    await paystack.resolveAccount(MOMO);
    expect(fake.resolveQueries.at(-1)).toEqual({ account_number: "0205550147", bank_code: "VOD" });
    const wrongKey = paystackProvider({ secretKey: "sk_test_wrongwrongwrong", baseUrl: fake.url });
    expect(await wrongKey.resolveAccount(BANK)).toMatchObject({ ok: false, code: "auth" });
    fake.mode = "server_error";
    expect(await paystack.resolveAccount(BANK)).toMatchObject({ ok: false, code: "server_error", retryable: true });
    fake.mode = "hang";
    expect(await paystack.resolveAccount(BANK)).toMatchObject({ ok: false, code: "timeout", retryable: true });
    fake.mode = "normal";
  }, 30_000);
});
