import { isLocalHost } from "./local-host";
import { type Cost, PRODUCTION_PASSWORD_COST, TEST_PASSWORD_COST } from "./passwords";

/**
 * The cost a request's new hash is made at. The Worker tests (vitest.config.ts) and the Chromium tests' apps set
 * PASSWORD_COST="tests": at the production cost the Worker tests' hundreds of sign-ups were about half of their
 * CPU, and each of the Chromium tests' some 130 sign-ups cost about 190 ms of workerd CPU against 13 ms at the
 * test cost (measured on the built app). Like the offline Google stand-in it is honoured only on a local host (a
 * deployed Worker is never reached as localhost), and `npm run check:deploy` refuses a wrangler.toml that sets it;
 * `npm run dev` hashes at the production cost.
 */
export function passwordCost(env: { PASSWORD_COST?: string }, requestUrl: string): Cost {
  return env.PASSWORD_COST === "tests" && isLocalHost(requestUrl) ? TEST_PASSWORD_COST : PRODUCTION_PASSWORD_COST;
}
