import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { wranglerConfigWithoutDevVars, writeDevVars } from "./test-vars.ts";

// The wrangler the Worker tests' pool reads its config with, resolved from the pool as it does (the plugin may
// keep a copy of its own).
const poolWrangler = createRequire(join(process.cwd(), "node_modules/@cloudflare/vitest-plugin/dist/pool/index.mjs"))("wrangler") as {
  unstable_getMiniflareWorkerOptions(configPath: string): { workerOptions: { bindings?: Record<string, unknown> }; main?: string };
};

const A_DEVELOPERS_DEV_VARS = "IMAGE_PROVIDER=gemini\nGEMINI_API_KEY=AIza-a-real-looking-key\nPAYMENTS_MODE=live\n";

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
  vi.restoreAllMocks();
});

function checkout() {
  const root = mkdtempSync(join(tmpdir(), "vidriera-test-vars-"));
  dirs.push(root);
  copyFileSync("wrangler.toml", join(root, "wrangler.toml"));
  mkdirSync(join(root, "worker"));
  writeFileSync(join(root, "worker", "index.ts"), "export default {};\n");
  writeFileSync(join(root, ".dev.vars"), A_DEVELOPERS_DEV_VARS);
  return root;
}

describe("the Worker tests' wrangler config", () => {
  it("keeps a developer's .dev.vars (a real provider and its key) out of the bindings", () => {
    const root = checkout();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});

    // What the pool saw before: the real config beside .dev.vars hands its values to every test.
    const leaked = poolWrangler.unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"));
    expect(leaked.workerOptions.bindings).toMatchObject({ IMAGE_PROVIDER: "gemini", PAYMENTS_MODE: "live" });
    expect(log.mock.calls.flat().join("\n")).toContain("Using secrets defined in");
    log.mockClear();

    const copy = wranglerConfigWithoutDevVars(join(root, "wrangler.toml"), join(root, "cache"));
    const isolated = poolWrangler.unstable_getMiniflareWorkerOptions(copy);
    expect(Object.keys(isolated.workerOptions.bindings ?? {})).not.toEqual(expect.arrayContaining(["IMAGE_PROVIDER"]));
    expect(isolated.workerOptions.bindings?.GEMINI_API_KEY).toBeUndefined();
    expect(isolated.workerOptions.bindings?.PAYMENTS_MODE).toBeUndefined();
    // Nothing printed either: a green run shows only vitest's summary.
    expect(log).not.toHaveBeenCalled();
  });

  it("points the copy's paths at the checkout, so it is the same Worker with the same bindings", () => {
    const root = checkout();
    const copy = readFileSync(wranglerConfigWithoutDevVars(join(root, "wrangler.toml"), join(root, "cache")), "utf8");
    expect(copy).toContain(`main = ${JSON.stringify(join(root, "worker/index.ts"))}`);
    expect(copy).toContain(`migrations_dir = ${JSON.stringify(join(root, "migrations"))}`);
    // Everything else is the original, line for line.
    const strip = (text: string) => text.split("\n").filter((line) => !/^(main|migrations_dir)\s*=/.test(line));
    expect(strip(copy)).toEqual(strip(readFileSync("wrangler.toml", "utf8")));
  });
});

describe("the local app's .dev.vars", () => {
  it("holds exactly the values given, none of the developer's", () => {
    const root = checkout();
    const path = join(root, "built.dev.vars");
    writeDevVars(path, { SESSION_SECRET: "s".repeat(64), GOOGLE_SIGN_IN: "simulated", STUDIO_IMITATES: "openai" });
    expect(parseEnv(readFileSync(path, "utf8"))).toEqual({
      SESSION_SECRET: "s".repeat(64),
      GOOGLE_SIGN_IN: "simulated",
      STUDIO_IMITATES: "openai",
    });
  });

  it("refuses a value that would spill into a second line", () => {
    const root = checkout();
    expect(() => writeDevVars(join(root, "x"), { MAINTENANCE_MODE: "on\nIMAGE_PROVIDER=gemini" })).toThrow("MAINTENANCE_MODE");
  });
});
