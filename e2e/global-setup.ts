/** Serves the production build for the Chromium tests (see scripts/local-app.ts). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalApp } from "../scripts/local-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The build the app serves, for a file that serves it again with other settings (startLocalApp fromBuild). */
    buildDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Served by `wrangler dev` (workerd straight behind the port): several test files at once through
  // `vite preview`'s Node proxy now and then got its 500 "fetch failed" page for a stylesheet or an API call.
  const app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-e2e-")), { server: "wrangler" });
  project.provide("baseURL", app.baseURL);
  project.provide("buildDir", app.buildDir);
  return app.stop;
}
