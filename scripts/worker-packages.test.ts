import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { workerPackages } from "./worker-packages.ts";

describe("workerPackages", () => {
  it("lists each package specifier once, subpaths as written, and leaves out relative, runtime and codec imports", () => {
    const root = mkdtempSync(join(tmpdir(), "vidriera-packages-"));
    mkdirSync(join(root, "worker", "routes"), { recursive: true });
    mkdirSync(join(root, "common"));
    writeFileSync(
      join(root, "worker", "routes", "orders.ts"),
      [
        'import { Hono } from "hono";',
        'import { bodyLimit } from "hono/body-limit";',
        'import { eq } from "drizzle-orm";',
        'import { env } from "cloudflare:workers";',
        'import { AsyncLocalStorage } from "node:async_hooks";',
        'import decode from "@jsquash/jpeg/decode";',
        'import assets from "virtual:store-assets";',
        'import { total } from "../lib/money";',
        'const qr = await import("uqr");',
      ].join("\n"),
    );
    writeFileSync(
      join(root, "common", "phone.ts"),
      'import { parsePhoneNumber } from "libphonenumber-js/min";\nimport { Hono } from "hono";',
    );
    // Types only describe; a declaration file's imports are not loaded.
    writeFileSync(join(root, "common", "codecs-wasm.d.ts"), 'declare module "x" { import y from "not-loaded"; }');
    expect(workerPackages(root, ["worker", "common"])).toEqual(["drizzle-orm", "hono", "hono/body-limit", "libphonenumber-js/min", "uqr"]);
  });

  it("finds the packages this Worker really imports", () => {
    const found = workerPackages(resolve(import.meta.dirname, ".."));
    expect(found).toEqual(expect.arrayContaining(["hono", "zod", "drizzle-orm", "drizzle-orm/sqlite-core"]));
    expect(found.some((specifier) => specifier.startsWith("@jsquash/"))).toBe(false);
  });
});
