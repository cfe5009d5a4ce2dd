import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { Env } from "../env";

/**
 * The address every per-address limit counts (sign-ups, password guesses, recovery, orders). An IPv4
 * address counts whole; an IPv6 address counts by its /64, because one line, phone or server is handed a
 * whole /64 and can send from any of its 2^64 addresses: counted whole, one /64 made 118 accounts with free
 * credits. Written in one canonical form ("2001:db8:0:1::/64"), so every spelling of the same network
 * (leading zeros, "::", upper case, a zone, an IPv4 client written as IPv6 "::ffff:1.2.3.4") is one key.
 * Parsed by ipaddr.js (the parser Express's proxy-addr uses) rather than by hand.
 */
export function addressKey(raw: string | null | undefined): string {
  const text = (raw ?? "").trim();
  if (!text) return "unknown";
  if (!ipaddr.isValid(text)) return `other:${text.slice(0, 64).toLowerCase()}`;
  const address = ipaddr.process(text);
  if (address.kind() === "ipv4") return address.toString();
  return ipv6Prefix(address as ipaddr.IPv6, 4);
}

/** The first `groups` 16-bit groups of an IPv6 address, as "2001:db8:0:1::/64" (four groups) or "2001:db8:0::/48" (three). */
const ipv6Prefix = (address: ipaddr.IPv6, groups: 3 | 4) =>
  `${address.parts
    .slice(0, groups)
    .map((part) => part.toString(16))
    .join(":")}::/${groups * 16}`;

/**
 * The IPv6 /48 of an address, in the same canonical form as `addressKey`, or null for anything else. A /48 is
 * what one ISP customer (a home, an office, a server's tunnel) is handed: 65,536 /64s, so a script that
 * rotates through them is still one neighbourhood. IPv4 has nothing alike: its addresses count one by one.
 */
export function neighbourhoodKey(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim();
  if (!ipaddr.isValid(text)) return null;
  const address = ipaddr.process(text);
  return address.kind() === "ipv6" ? ipv6Prefix(address as ipaddr.IPv6, 3) : null;
}

/** The address of the request as Cloudflare's edge reports it, as `addressKey` counts it. */
export function clientAddress(c: Context<Env>): string {
  return addressKey(c.req.header("cf-connecting-ip"));
}

/** The request's IPv6 /48 (`neighbourhoodKey`), or null when it came over IPv4. */
export function clientNeighbourhood(c: Context<Env>): string | null {
  return neighbourhoodKey(c.req.header("cf-connecting-ip"));
}
