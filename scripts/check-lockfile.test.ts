import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findMissingPlatformBinaries, type Lockfile } from "./check-lockfile.ts";

const platforms = ["darwin-arm64", "darwin-x64", "linux-x64-gnu", "win32-x64-msvc", "wasm32-wasi"];
// A package at `dir`node_modules/`name` with its platform binaries `prefix`-<platform> beside it.
const withBinaries = (dir: string, name: string, prefix: string, version: string, present: string[]) => ({
  [`${dir}node_modules/${name}`]: {
    version,
    optionalDependencies: Object.fromEntries(platforms.map((p) => [`${prefix}-${p}`, version])),
  },
  ...Object.fromEntries(present.map((p) => [`${dir}node_modules/${prefix}-${p}`, { version }])),
});

describe("check:lockfile", () => {
  it("names the package and the platforms it lacks (as the lockfile with Tailwind 4.3.5 did)", () => {
    const lock = { packages: { "": {}, ...withBinaries("", "@tailwindcss/oxide", "@tailwindcss/oxide", "4.3.5", ["linux-x64-gnu"]) } };
    expect(findMissingPlatformBinaries(lock)).toEqual([
      {
        pkg: "@tailwindcss/oxide",
        version: "4.3.5",
        missing: [
          "@tailwindcss/oxide-darwin-arm64@4.3.5",
          "@tailwindcss/oxide-darwin-x64@4.3.5",
          "@tailwindcss/oxide-win32-x64-msvc@4.3.5",
          "@tailwindcss/oxide-wasm32-wasi@4.3.5",
        ],
      },
    ]);
  });

  it("passes when every binary is locked, and ignores optional deps that are not binaries", () => {
    const lock: Lockfile["packages"] = withBinaries("", "@tailwindcss/oxide", "@tailwindcss/oxide", "4.3.3", platforms);
    lock["node_modules/chokidar"] = { optionalDependencies: { fsevents: "^2" } };
    expect(findMissingPlatformBinaries({ packages: lock })).toEqual([]);
  });

  it("checks a nested package's binaries at its own version, as npm resolves them (wrangler's own workerd)", () => {
    const hoisted = withBinaries("", "workerd", "@cloudflare/workerd", "1.20261023.1", platforms);
    const nested = withBinaries("node_modules/wrangler/", "workerd", "@cloudflare/workerd", "1.20261117.1", ["linux-x64-gnu"]);
    expect(findMissingPlatformBinaries({ packages: { ...hoisted, ...nested } })).toEqual([
      {
        pkg: "workerd",
        version: "1.20261117.1",
        missing: ["darwin-arm64", "darwin-x64", "win32-x64-msvc", "wasm32-wasi"].map((p) => `@cloudflare/workerd-${p}@1.20261117.1`),
      },
    ]);
    const nestedComplete = withBinaries("node_modules/wrangler/", "workerd", "@cloudflare/workerd", "1.20261117.1", platforms);
    expect(findMissingPlatformBinaries({ packages: { ...hoisted, ...nestedComplete } })).toEqual([]);
  });

  it("passes on the project's own package-lock.json", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as Lockfile;
    expect(findMissingPlatformBinaries(lock)).toEqual([]);
  });
});
