/** A password-reset link's tokens (decision record 006: they travel in the address fragment). */
export type RecoveryTokens = { accessToken: string; refreshToken: string };

/** Reads `type=recovery&access_token=...&refresh_token=...` from the address fragment (or query). */
export function readRecoveryTokens(location: { hash: string; search: string }): RecoveryTokens | null {
  for (const source of [location.hash.replace(/^#/, ""), location.search.replace(/^\?/, "")]) {
    const params = new URLSearchParams(source);
    if (params.get("type") !== "recovery") continue;
    const accessToken = params.get("access_token");
    const refreshToken = params.get("refresh_token");
    if (accessToken && refreshToken) return { accessToken, refreshToken };
  }
  return null;
}

/** True when the address asks for recovery mode (even with tokens missing). */
export function isRecoveryAddress(location: { hash: string; search: string }): boolean {
  return [location.hash.replace(/^#/, ""), location.search.replace(/^\?/, "")].some(
    (source) => new URLSearchParams(source).get("type") === "recovery",
  );
}
