/**
 * What the HTTP image adapters share: base64 both ways, reading the generated
 * image by its magic bytes, Retry-After, and turning statuses and network
 * errors into the three errors the generation job understands.
 */
import { sniffImage } from "../lib/images";
import { ProviderFailure, ProviderRefusal, ProviderTransientError, type GeneratedImage } from "./types";

/** Shown to the seller when the job fails on a refusal, so it must say what happened in plain Spanish. */
const REFUSAL_MESSAGE = "El proveedor de imágenes rechazó esta imagen por sus políticas de contenido.";
const BUSY_MESSAGE = "El proveedor de imágenes está saturado o no respondió a tiempo.";
const UNREACHABLE_MESSAGE = "No pudimos conectar con el proveedor de imágenes.";

export function refusal(detail: string): ProviderRefusal {
  return new ProviderRefusal(REFUSAL_MESSAGE, { cause: detail });
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  // String.fromCharCode takes its arguments on the stack: go in chunks so a 10 MB photo cannot overflow it.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Throws ProviderFailure on anything that is not base64, since it always comes from a provider's answer. */
function base64ToBytes(base64: string, provider: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(base64.replace(/\s/g, ""));
  } catch {
    throw new ProviderFailure(`${provider} devolvió una imagen que no es base64 válido.`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The generated image, typed by its bytes rather than by what the provider claims; only PNG and JPEG are stored. */
export function generatedImage(base64: unknown, provider: string): GeneratedImage {
  if (typeof base64 !== "string" || base64 === "") throw new ProviderFailure(`${provider} no devolvió ninguna imagen.`);
  const bytes = base64ToBytes(base64, provider);
  const mimeType = sniffImage(bytes);
  if (mimeType !== "image/png" && mimeType !== "image/jpeg") {
    throw new ProviderFailure(`${provider} devolvió algo que no es una imagen PNG ni JPEG.`);
  }
  return { bytes, mimeType };
}

/** Seconds to wait from `retry-after-ms` (OpenAI) or `Retry-After` (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const ms = Number(headers.get("retry-after-ms") ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** 408, 429 and 5xx pass; every other non-OK status is a request retrying cannot fix. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export function errorForStatus(
  provider: string,
  response: Response,
  detail: string,
  retryAfter = retryAfterSeconds(response.headers),
): ProviderTransientError | ProviderFailure {
  if (isTransientStatus(response.status)) return new ProviderTransientError(BUSY_MESSAGE, retryAfter, false, response.status === 429);
  return new ProviderFailure(`${provider} respondió HTTP ${response.status}: ${detail.slice(0, 300)}`);
}

/**
 * fetch with the job's signal, body included. A cancelled job gets its own
 * abort reason back (the job knows what it cancelled); a dropped connection
 * may pass, so it is transient.
 */
export async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<{ response: Response; text: string }> {
  try {
    const response = await fetch(url, { ...init, signal });
    return { response, text: await response.text() };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new ProviderTransientError(`${UNREACHABLE_MESSAGE} (${String(err)})`);
  }
}

/** The body as JSON; a non-JSON body from a provider is a malformed answer. */
export function parseJson(text: string, provider: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderFailure(`${provider} devolvió una respuesta que no es JSON.`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
