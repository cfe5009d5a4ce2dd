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
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/** The address of the request as Cloudflare's edge reports it, as `addressKey` counts it. */
export function clientAddress(c: Context<Env>): string {
  return addressKey(c.req.header("cf-connecting-ip"));
}
