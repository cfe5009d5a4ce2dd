import { createRemoteJWKSet, jwtVerify, SignJWT } from "jose";
import type { Bindings } from "../env";
import { base64url } from "./ids";

/** What the rest of the app needs to know about a Google account. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

export interface AuthorizationRequest {
  state: string;
  codeChallenge: string;
  redirectUri: string;
}

/** Google sign-in behind one interface: the real Google, or the offline stand-in. */
export interface GoogleSignIn {
  readonly mode: "real" | "simulated";
  authorizationUrl(request: AuthorizationRequest): string;
  /** Trades the authorization code for a verified identity; throws when Google does not vouch for it. */
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<GoogleIdentity>;
}

export type GoogleMode = GoogleSignIn["mode"] | "off";

export function googleMode(env: Bindings): GoogleMode {
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) return "real";
  if (env.GOOGLE_SIGN_IN === "simulated") return "simulated";
  return "off";
}

export function googleSignIn(env: Bindings): GoogleSignIn | undefined {
  const mode = googleMode(env);
  if (mode === "real") return new RealGoogle(env);
  if (mode === "simulated") return new SimulatedGoogle(env);
  return undefined;
}

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

// One JWKS cache per isolate and URL: jose refetches only when Google rotates keys.
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Google's OAuth 2.0 authorization-code flow with PKCE, verifying the ID token's signature. */
export class RealGoogle implements GoogleSignIn {
  readonly mode = "real" as const;
  private readonly clientId: string;
  private readonly clientSecret: string;
  private readonly authUrl: string;
  private readonly tokenUrl: string;
  private readonly jwksUrl: string;

  constructor(env: Bindings) {
    this.clientId = env.GOOGLE_CLIENT_ID!;
    this.clientSecret = env.GOOGLE_CLIENT_SECRET!;
    this.authUrl = env.GOOGLE_AUTH_URL ?? "https://accounts.google.com/o/oauth2/v2/auth";
    this.tokenUrl = env.GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token";
    this.jwksUrl = env.GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs";
  }

  authorizationUrl({ state, codeChallenge, redirectUri }: AuthorizationRequest): string {
    const url = new URL(this.authUrl);
    url.search = new URLSearchParams({
      client_id: this.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state,
      code_challenge: codeChallenge,
      code_challenge_method: "S256",
      prompt: "select_account",
    }).toString();
    return url.toString();
  }

  async exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<GoogleIdentity> {
    const response = await fetch(this.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        code_verifier: codeVerifier,
        client_id: this.clientId,
        client_secret: this.clientSecret,
        redirect_uri: redirectUri,
      }),
    });
    if (!response.ok) throw new Error(`Google token endpoint answered ${response.status}`);
    const body = (await response.json()) as { id_token?: unknown };
    if (typeof body.id_token !== "string") throw new Error("Google token response has no id_token");

    let jwks = jwksByUrl.get(this.jwksUrl);
    if (!jwks) {
      jwks = createRemoteJWKSet(new URL(this.jwksUrl));
      jwksByUrl.set(this.jwksUrl, jwks);
    }
    const { payload } = await jwtVerify(body.id_token, jwks, {
      issuer: GOOGLE_ISSUERS,
      audience: this.clientId,
      algorithms: ["RS256"],
    });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string") {
      throw new Error("Google ID token lacks sub or email");
    }
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === "string" ? payload.name : undefined,
      picture: typeof payload.picture === "string" ? payload.picture : undefined,
    };
  }
}

/**
 * The offline stand-in for `npm run dev` and tests: a local consent page
 * (worker/routes/google-simulated.ts) issues a signed code bound to the PKCE
 * challenge, so the callback runs exactly the same checks as with Google.
 */
export class SimulatedGoogle implements GoogleSignIn {
  readonly mode = "simulated" as const;
  static readonly AUDIENCE = "vidriera-simulated-google";

  constructor(private readonly env: Bindings) {}

  authorizationUrl({ state, codeChallenge, redirectUri }: AuthorizationRequest): string {
    const url = new URL("/api/auth/google/simulated", redirectUri);
    url.search = new URLSearchParams({ state, code_challenge: codeChallenge, redirect_uri: redirectUri }).toString();
    return url.toString();
  }

  static async issueCode(secret: Uint8Array, identity: { email: string; name?: string }, codeChallenge: string) {
    return new SignJWT({ email: identity.email, name: identity.name, challenge: codeChallenge })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(`simulated-${await pkceChallenge(identity.email.toLowerCase())}`)
      .setAudience(SimulatedGoogle.AUDIENCE)
      .setExpirationTime("5m")
      .sign(secret);
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<GoogleIdentity> {
    const secret = new TextEncoder().encode(this.env.SESSION_SECRET ?? "");
    const { payload } = await jwtVerify(code, secret, { audience: SimulatedGoogle.AUDIENCE, algorithms: ["HS256"] });
    if (payload.challenge !== (await pkceChallenge(codeVerifier))) throw new Error("PKCE verifier does not match");
    return {
      sub: String(payload.sub),
      email: String(payload.email),
      emailVerified: true,
      name: typeof payload.name === "string" ? payload.name : undefined,
    };
  }
}
