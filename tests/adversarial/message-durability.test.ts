import { describe, expect, it } from "vitest";
import { runSmtpOutage } from "./message-durability";

/*
 * Mail queued while the SMTP server is down (SMTP_OUTAGE_SECONDS, default 12: several failed
 * retries) arrives once it is back (decision 024). The SMS killed while sending are sms-durability.test.ts's.
 */

describe("messages survive an SMTP outage", () => {
  const outageSeconds = Number(process.env.SMTP_OUTAGE_SECONDS ?? 12);
  it(`mail: SMTP down for ${outageSeconds} s, every mail arrives once it is back`, async () => {
    const report = await runSmtpOutage(outageSeconds * 1000);
    console.log(`smtp outage ${JSON.stringify(report)}`);
    expect(report.acknowledged).toBe(6);
    expect(report.arrived).toBe(report.acknowledged);
    expect(report.duplicated).toBe(0);
  }, 360_000);
});
