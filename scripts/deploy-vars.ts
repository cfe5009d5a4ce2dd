/**
 * Settings that must never reach a deployment: the offline stand-ins sign
 * anyone in (GOOGLE_SIGN_IN=simulated) or approve pretend payments
 * (PAYMENTS_MODE=simulated), or hash passwords at a test's cost
 * (PASSWORD_COST=tests). They belong in .dev.vars, never in wrangler.toml's
 * [vars], which every deploy uploads. `npm run check:deploy` fails on them.
 */
const FORBIDDEN: Record<string, { value: string; why: string }> = {
  GOOGLE_SIGN_IN: { value: "simulated", why: "the offline Google stand-in signs anyone in as any e-mail" },
  PAYMENTS_MODE: { value: "simulated", why: "simulated payments hand out credits for pretend payments" },
  PASSWORD_COST: { value: "tests", why: "passwords would be hashed at a test's cost, 1/96 of the production work" },
};

/** The problems in a deploy's vars (wrangler.json `vars`), one sentence each; empty when it is safe. */
export function unsafeDeployVars(vars: Record<string, unknown> | undefined): string[] {
  const problems: string[] = [];
  for (const [name, rule] of Object.entries(FORBIDDEN)) {
    const value = vars?.[name];
    if (typeof value === "string" && value.trim() === rule.value) {
      problems.push(`wrangler.toml sets ${name}="${rule.value}": ${rule.why}. Remove it from [vars] (keep it in .dev.vars).`);
    }
  }
  return problems;
}
