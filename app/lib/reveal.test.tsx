// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DraftNotice } from "~/components/forms/draft-notice";
import { RegisterForm } from "~/features/accounts/components/register-form";
import { PayoutDetailsConfirmForm } from "~/features/payouts/components/payout-details-confirm-form";
import { cleanupDom, renderInRouter } from "../../tests/helpers/render-in-router";

/*
 * Feedback where the eye is. On a phone the offline notice was 1,372 px above
 * the pressed button, and after registering or "Send confirmation codes" the confirmation or the
 * code fields were off-screen. What changed is scrolled to and focused.
 */

let scrolled: Element[] = [];
beforeEach(() => {
  scrolled = [];
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanupDom();
});

const noDraft = { restoredAt: null, unsent: false, fileNames: [], discard: () => {} };

describe("what changed is scrolled to and focused", () => {
  it("the offline notice of a post the network lost", () => {
    renderInRouter(
      <DraftNotice
        draft={noDraft}
        networkFailed
        offlineMessage="No connection. Your referral is saved on this phone; send it when you are back online."
        failure={{ networkFailure: "offline" }}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(document.activeElement).toBe(alert);
    expect(scrolled).toContain(alert);
  });

  it("not a notice restored from a draft on opening the form (nothing was pressed)", () => {
    renderInRouter(
      <DraftNotice
        draft={{ ...noDraft, restoredAt: Date.now() }}
        networkFailed={false}
        offlineMessage="No connection."
      />,
    );
    expect(scrolled).toEqual([]);
  });

  it("Registration Successful", () => {
    renderInRouter(
      <RegisterForm
        answer={{
          intent: "register",
          status: "registered",
          result: { initialValue: null },
          toast: { title: "Registration Successful", description: "Please check your email to verify your account." },
        }}
        facilities={[]}
        onSignIn={() => {}}
      />,
      "/auth",
    );
    const status = screen.getByRole("status");
    expect(document.activeElement).toBe(status);
    expect(scrolled).toContain(status);
  });

  it("the code fields after Send confirmation codes: the SMS code's field has the focus", () => {
    renderInRouter(
      <PayoutDetailsConfirmForm
        answer={undefined}
        pending={{
          method: "mobile_money",
          description: "MTN Mobile Money 024 123 4567",
          accountName: "Kofi Owusu",
          expiresAt: new Date().toISOString(),
          resolvedName: null,
          nameMatches: null,
          walletTo: null,
          smsIsWallet: false,
        }}
        phone="+233 24 123 4567"
        codesSent={{ ok: true }}
      />,
      "/account/payout-details",
    );
    expect(document.activeElement).toBe(screen.getByLabelText(/Code from the SMS/));
    expect(scrolled).toContain(screen.getByRole("region", { name: "Confirm the change" }));
  });
});
