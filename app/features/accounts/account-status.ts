/** An account's approval as the administrator's list shows and filters it. Client-safe. */
export const ACCOUNT_STATUSES = ["pending", "approved", "declined"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function isAccountStatus(value: unknown): value is AccountStatus {
  return typeof value === "string" && (ACCOUNT_STATUSES as readonly string[]).includes(value);
}
