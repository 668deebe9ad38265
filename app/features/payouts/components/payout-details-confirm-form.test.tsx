// @vitest-environment happy-dom
import { within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanupDom, renderInRouter } from "../../../../tests/helpers/render-in-router";
import { PayoutDetailsConfirmForm } from "./payout-details-confirm-form";

afterEach(cleanupDom);

/*
 * Decision 032, point 5, as the doctor sees it before confirming: the account holder's name the bank or
 * network gave (a name that is not theirs said plainly, with a box to tick), or the code sent to
 * the wallet's own number. The e2e journey shows the wallet's code (its server has no Paystack).
 */
const PENDING = {
  method: "bank" as const,
  description: "Bank account (bank 280100) •••• 5678",
  accountName: "Dr Ama Mensah",
  expiresAt: "2026-03-10T09:15:00.000Z",
  resolvedName: "MENSAH AMA SERWAA",
  nameMatches: true,
  walletTo: null,
  smsIsWallet: false,
};

const render = (pending: Partial<typeof PENDING> | Record<string, unknown>) =>
  within(
    renderInRouter(
      <PayoutDetailsConfirmForm answer={undefined} pending={{ ...PENDING, ...pending }} phone="+233 20 555 0147" />,
    ).container,
  );

describe("confirming a change of payout details shows whose account it is", () => {
  it("the holder's name from the bank, and only the two codes to give", () => {
    const page = render({});
    expect(page.getByRole("status").textContent).toContain(
      "The account holder's name, from the bank: MENSAH AMA SERWAA",
    );
    expect(page.queryByRole("alert")).toBeNull();
    expect(page.queryByRole("checkbox")).toBeNull();
    expect(page.queryByRole("textbox", { name: /wallet/ })).toBeNull();
  });

  it("a name that is not the one entered: said plainly, and the doctor ticks that the account is theirs", () => {
    const page = render({ resolvedName: "KWAME ASANTE", nameMatches: false });
    const alert = page.getByRole("alert");
    expect(alert.textContent).toContain("The account holder's name is not the name you entered.");
    expect(alert.textContent).toContain("This account is in the name of KWAME ASANTE, not Dr Ama Mensah.");
    expect(page.getByRole("checkbox", { name: "This account is mine: pay KWAME ASANTE" })).toBeTruthy();
  });

  it("a wallet the network did not name: the code sent to the wallet's own number is asked for", () => {
    const page = render({
      method: "mobile_money",
      description: "MTN MoMo •••• 4567",
      resolvedName: null,
      nameMatches: null,
      walletTo: "+233 24 123 4567",
    });
    expect(page.getByRole("status").textContent).toContain(
      "The network could not tell us whose wallet this is, so a third code was sent by SMS to the wallet's own number, +233 24 123 4567.",
    );
    expect(page.getByRole("textbox", { name: "Code from the SMS to the wallet" })).toBeTruthy();
    expect(page.getByText("Sent to +233 24 123 4567, the wallet's own number.")).toBeTruthy();
  });
});
