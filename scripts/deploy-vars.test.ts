import { describe, expect, it } from "vitest";
import { unsafeDeployVars } from "./deploy-vars.ts";

describe("check:deploy refuses the offline stand-ins in wrangler.toml", () => {
  it("fails when [vars] turns the Google stand-in, simulated payments or the test password cost on", () => {
    expect(unsafeDeployVars({ GOOGLE_SIGN_IN: "simulated" })).toEqual([
      'wrangler.toml sets GOOGLE_SIGN_IN="simulated": the offline Google stand-in signs anyone in as any e-mail. Remove it from [vars] (keep it in .dev.vars).',
    ]);
    expect(unsafeDeployVars({ PAYMENTS_MODE: " simulated " })).toHaveLength(1);
    expect(unsafeDeployVars({ GOOGLE_SIGN_IN: "simulated", PAYMENTS_MODE: "simulated" })).toHaveLength(2);
    expect(unsafeDeployVars({ PASSWORD_COST: "tests" })).toEqual([
      'wrangler.toml sets PASSWORD_COST="tests": passwords would be hashed at a test\'s cost, 1/96 of the production work. Remove it from [vars] (keep it in .dev.vars).',
    ]);
  });

  it("passes real settings and no vars", () => {
    expect(unsafeDeployVars(undefined)).toEqual([]);
    expect(unsafeDeployVars({ PAYMENTS_MODE: "live", MAINTENANCE_MODE: "off" })).toEqual([]);
  });
});
