import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { Env } from "../env";

export const FOREIGN_ORIGIN = "Solicitud rechazada: proviene de otro sitio.";

/** Headers for API answers: nothing may frame, sniff or script them. */
export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginResourcePolicy: "same-origin",
  referrerPolicy: "strict-origin-when-cross-origin",
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  xFrameOptions: "DENY",
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site
 * (CSRF). Browsers always send Origin (and Sec-Fetch-Site) on such requests;
 * server-to-server callers such as payment webhooks send neither and pass.
 */
export const sameOriginWrites = createMiddleware<Env>(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const ownOrigin = new URL(c.req.url).origin;
    if ((origin && origin !== ownOrigin) || site === "cross-site" || site === "same-site") {
      return c.json({ error: FOREIGN_ORIGIN }, 403);
    }
  }
  await next();
});
