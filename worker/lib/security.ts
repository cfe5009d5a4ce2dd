import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { Env } from "../env";

export const FOREIGN_ORIGIN = "Solicitud rechazada: proviene de otro sitio.";

/**
 * Headers for everything the Worker answers (API, store pages, images):
 * nothing may frame or sniff it, and by default nothing in it may load or run.
 * A page that needs more sets its own Content-Security-Policy, which is kept.
 */
export const securityHeaders = secureHeaders({
  overwrite: false,
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
