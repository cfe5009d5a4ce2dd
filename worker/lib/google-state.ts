import { jwtVerify, SignJWT } from "jose";

/** What the Google callback needs from the start of its flow. */
export interface GoogleState {
  state: string;
  codeVerifier: string;
  // Which screen started the flow, so errors go back to it.
  intent: "login" | "register";
}

const AUDIENCE = "vidriera-google-state";

/** Signs the flow's state, PKCE verifier and screen into a short-lived token for an HttpOnly cookie. */
export function sealGoogleState(key: Uint8Array, value: GoogleState, ttlSeconds: number): Promise<string> {
  return new SignJWT({ state: value.state, verifier: value.codeVerifier, intent: value.intent })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

/**
 * The flow a callback belongs to: only when the token is ours, unexpired, and carries the state Google
 * sent back (so a callback from another browser's flow, or a tampered or old cookie, finds nothing).
 */
export async function openGoogleState(key: Uint8Array, token: string, state: string): Promise<GoogleState | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: ["HS256"] });
    if (payload.state !== state || typeof payload.verifier !== "string") return undefined;
    if (payload.intent !== "login" && payload.intent !== "register") return undefined;
    return { state, codeVerifier: payload.verifier, intent: payload.intent };
  } catch {
    return undefined;
  }
}
