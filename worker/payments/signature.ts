/**
 * The timestamped HMAC that Mercado Pago puts on its webhooks, shared with
 * the offline simulation so both go through one verification:
 *
 *   x-signature: ts=<unix seconds>,v1=<hex HMAC-SHA256(secret, manifest)>
 *   manifest:    id:<data.id>;request-id:<x-request-id>;ts:<ts>;
 *
 * Parts whose value is absent are left out of the manifest (Mercado Pago's
 * rule, as its official Node SDK builds it in src/utils/webhook/index.ts).
 */
import { WebhookRejected } from "./types";

/** Replays are harmless (payments are re-fetched and credited once) but an old signature proves nothing fresh. */
export const SIGNATURE_TOLERANCE_SECONDS = 15 * 60;

const encoder = new TextEncoder();

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares in time that does not depend on where the strings differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const parts: string[] = [];
  if (dataId) parts.push(`id:${dataId}`);
  if (requestId) parts.push(`request-id:${requestId}`);
  parts.push(`ts:${ts}`);
  return `${parts.join(";")};`;
}

function parseSignatureHeader(header: string): { ts?: string; v1?: string } {
  const parsed: { ts?: string; v1?: string } = {};
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === "ts" || key === "v1") parsed[key] = value;
  }
  return parsed;
}

export interface SignedNotification {
  signature: string | null | undefined;
  requestId: string | null | undefined;
  dataId: string | null | undefined;
  secret: string;
  nowMs?: number;
}

/** Throws WebhookRejected unless the signature is the secret's and recent. */
export async function verifyTimestampedSignature({ signature, requestId, dataId, secret, nowMs = Date.now() }: SignedNotification) {
  if (!signature) throw new WebhookRejected("missing x-signature");
  const { ts, v1 } = parseSignatureHeader(signature);
  if (!ts || !/^\d{1,13}$/.test(ts) || !v1) throw new WebhookRejected("malformed x-signature");
  const expected = await hmacSha256Hex(secret, signatureManifest(dataId ?? undefined, requestId ?? undefined, ts));
  if (!constantTimeEqual(expected, v1.toLowerCase())) throw new WebhookRejected("signature mismatch");
  // The documented unit is seconds; a 13-digit value can only be milliseconds.
  const tsMs = ts.length >= 13 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs(nowMs - tsMs) > SIGNATURE_TOLERANCE_SECONDS * 1000) throw new WebhookRejected("stale signature");
}

export async function signTimestamped(secret: string, dataId: string, requestId: string, nowMs = Date.now()): Promise<string> {
  const ts = String(Math.floor(nowMs / 1000));
  return `ts=${ts},v1=${await hmacSha256Hex(secret, signatureManifest(dataId, requestId, ts))}`;
}
