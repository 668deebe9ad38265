import { BlockList, isIP } from "node:net";

/** One entry of an address list: an address and how many of its leading bits must match. */
export type AddressRange = { address: string; prefix: number; family: "ipv4" | "ipv6" };

/**
 * Parses a comma-separated list of addresses and CIDR ranges ("127.0.0.0/8, ::1, 10.1.0.0/16"), or
 * "none" for an empty list. Answers the entries, or what is wrong with the first bad one.
 */
export function parseAddressList(value: string): AddressRange[] | string {
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === "none") return [];
  const ranges: AddressRange[] = [];
  for (const item of trimmed.split(",").map((s) => s.trim())) {
    if (!item) continue;
    const [address = "", bits, extra] = item.split("/");
    const version = isIP(address);
    if (version === 0 || extra !== undefined) {
      return `expected addresses or CIDR ranges separated by commas, or "none" (got "${item}")`;
    }
    const max = version === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!/^\d{1,3}$/.test(bits ?? String(max)) || prefix > max) {
      return `expected a prefix length of 0 to ${max} in "${item}"`;
    }
    ranges.push({ address, prefix, family: version === 4 ? "ipv4" : "ipv6" });
  }
  return ranges;
}

/** A test of whether an address is in the list (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function addressMatcher(ranges: readonly AddressRange[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const r of ranges) list.addSubnet(r.address, r.prefix, r.family);
  return (ip) => {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const version = isIP(address);
    if (version === 0) return false;
    return list.check(address, version === 4 ? "ipv4" : "ipv6");
  };
}
