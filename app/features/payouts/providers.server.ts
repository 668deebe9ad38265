import { env } from "~/env.server";
import { paystackProvider } from "./paystack.server.ts";
import type { PayoutProvider } from "./provider.ts";

/** The configured payout provider (PAYSTACK_SECRET_KEY), or null: runs can be prepared, not sent. */
export function payoutProvider(): PayoutProvider | null {
  const config = env();
  if (!config.PAYSTACK_SECRET_KEY) return null;
  return paystackProvider({ secretKey: config.PAYSTACK_SECRET_KEY, baseUrl: config.PAYSTACK_BASE_URL });
}
