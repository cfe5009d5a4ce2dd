/** Serves the freshly built app for the Chromium tests (see scripts/local-app.ts). */
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalApp } from "../scripts/local-app.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startLocalApp(resolve("e2e/.state"));
  project.provide("baseURL", app.baseURL);
  return app.stop;
}
