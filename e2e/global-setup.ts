/**
 * Builds the real app, gives it fresh local state (migrations, demo seller)
 * and serves it with `vite preview` (the built Worker in workerd) on a free
 * loopback port for the Chromium tests.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { OFFLINE_ENV, prepareLocalState } from "../scripts/local-state.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const STATE_DIR = resolve("e2e/.state");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

async function waitUntilUp(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`vite preview did not answer within 60 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  rmSync(STATE_DIR, { recursive: true, force: true });
  await prepareLocalState(STATE_DIR);
  // vitest sets NODE_ENV=test, which would make Vite ship React's development build.
  const env = { ...OFFLINE_ENV, NODE_ENV: "production", VIDRIERA_STATE_DIR: STATE_DIR };
  execFileSync("vite", ["build", "--logLevel", "warn"], { stdio: "inherit", env });

  const port = await freePort();
  let log = "";
  const server = spawn("vite", ["preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (log += chunk));
  server.stderr!.on("data", (chunk) => (log += chunk));
  const baseURL = `http://localhost:${port}`;
  await waitUntilUp(`${baseURL}/api/auth/providers`, server, () => log);
  project.provide("baseURL", baseURL);

  return () => {
    server.kill("SIGTERM");
  };
}
