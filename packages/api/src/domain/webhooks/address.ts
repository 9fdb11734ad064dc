/**
 * Where a webhook may go (SSRF). An endpoint's URL is chosen by whoever owns the back office, but the server
 * sends the requests from inside the studio's network: a URL naming a loopback, private, link-local (cloud
 * metadata at 169.254.169.254), shared, multicast or reserved address would let a webhook reach what only the
 * server should. Such addresses are refused, checked on every delivery against the addresses the host name
 * resolves to at that moment, and the connection is made to exactly the address checked (no second lookup a
 * DNS rebinding could answer differently). WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the rule (a receiver on
 * the same machine or network, tests).
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const groups = expandIpv6(lower);
  if (!groups) return null;
  const toV4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  // ::ffff:x:y, 64:ff9b::x:y
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return toV4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return toV4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return toV4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.split("%")[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split(".").map(Number);
    text = `${text.slice(0, -v4[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** True for an address a webhook may be sent to: a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(address);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(address.split("%")[0]!, "ipv6");
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

/** The system's resolver: every address of a host name. */
export const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export class UnsafeAddressError extends Error {
  override name = "UnsafeAddressError";
  constructor(
    readonly reason: "private" | "unresolvable",
    message: string,
  ) {
    super(message);
  }
}

/**
 * The address to connect to for `host` (a name or an IP literal, as in a URL): every address the name resolves
 * to must be public (unless private networks are allowed), or the delivery is refused. The first is used.
 */
export async function safeAddress(
  host: string,
  options: { allowPrivateNetworks: boolean; resolve?: Resolver },
): Promise<ResolvedAddress> {
  const literal = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const family = isIP(literal);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: literal, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(literal);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new UnsafeAddressError("unresolvable", `${host} could not be resolved`);
  }
  if (!options.allowPrivateNetworks) {
    const unsafe = addresses.find((a) => !isPublicAddress(a.address));
    if (unsafe)
      throw new UnsafeAddressError(
        "private",
        `${host} resolves to ${unsafe.address}, which is not a public address`,
      );
  }
  return addresses[0]!;
}
