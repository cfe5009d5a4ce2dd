/**
 * `vite build` into dist/, unless the command that started this one already built it: `npm test` and
 * `npm run bench` build once and set VIDRIERA_BUILD_DIR, so bench:size, check:deploy and every local app
 * of the e2e tests and benches (scripts/local-app.ts) use that one production build instead of their own.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { OFFLINE_ENV } from "./local-state.ts";

const reused = process.env.VIDRIERA_BUILD_DIR;
if (reused && existsSync(join(reused, "vidriera", "wrangler.json"))) process.exit(0);
execFileSync("vite", ["build", "--logLevel", "warn"], { stdio: "inherit", env: { ...OFFLINE_ENV, NODE_ENV: "production" } });
