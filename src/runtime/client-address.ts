import type { IncomingMessage } from "node:http";
import { isIPv4, isIPv6 } from "node:net";

/**
 * The client's address as the budget counts it: the socket's, or with `trustedProxies` n > 0
 * the n-th X-Forwarded-For hop from the right (what the nearest trusted proxy saw; hops to its
 * left are the client's to write). IPv6 addresses count by their /64 (one customer's network).
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  let address = req.socket.remoteAddress ?? "";
  if (trustedProxies > 0) {
    const header = req.headers["x-forwarded-for"];
    const hops = (Array.isArray(header) ? header.join(",") : (header ?? ""))
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[Math.max(0, hops.length - trustedProxies)];
    if (hop !== undefined && (isIPv4(hop) || isIPv6(hop))) address = hop;
  }
  return addressBucket(address);
}

/** `::ffff:1.2.3.4` as `1.2.3.4`; an IPv6 address as its /64 (`2001:db8:0:1::/64`). */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
