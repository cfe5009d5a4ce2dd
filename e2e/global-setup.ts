/** Serves the production build for the Chromium tests (see scripts/local-app.ts). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_TEST_VARS, startLocalApp } from "../scripts/local-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The build the app serves, for a file that serves it again with other settings (startLocalApp fromBuild). */
    buildDir: string;
    /** The app's output as it comes (the Worker's JSON log lines, workerd's errors): what a failed test prints. */
    serverLog: string;
  }
}

export default async function setup(project: TestProject) {
  // Served by workerd straight behind the port (scripts/serve-build.ts): several test files at once through
  // `vite preview`'s Node proxy now and then got its 500 "fetch failed" page for a stylesheet or an API call,
  // and `wrangler dev`'s proxy Worker and Node process cost CPU the tests wait on.
  const logs = mkdtempSync(join(tmpdir(), "vidriera-e2e-log-"));
  const serverLog = join(logs, "server.log");
  const app = await startLocalApp(mkdtempSync(join(tmpdir(), "vidriera-e2e-")), {
    server: "workerd",
    logFile: serverLog,
    vars: CHROMIUM_TEST_VARS,
  });
  project.provide("baseURL", app.baseURL);
  project.provide("buildDir", app.buildDir);
  project.provide("serverLog", serverLog);
  return () => {
    app.stop();
    rmSync(logs, { recursive: true, force: true });
  };
}
