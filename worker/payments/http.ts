import { ProviderHttpError } from "./types";

/** How long a checkout or a re-fetch may take before the seller gets an answer. */
const TIMEOUT_MS = 15_000;

/** Calls a provider and returns its JSON; any failure becomes ProviderHttpError (status 0 when there was no answer). */
export async function callProvider(provider: string, url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    throw new ProviderHttpError(provider, 0, String(err));
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    if (response.ok) throw new ProviderHttpError(provider, response.status, `not JSON: ${text}`);
  }
  return { status: response.status, body: body ?? text };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function stringOrNull(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

export function trimBase(url: string): string {
  return url.replace(/\/+$/, "");
}
