/**
 * Builds the app and serves it with `vite preview` (the built Worker in
 * workerd) on a free loopback port, with its own fresh local state.
 * Used by the end-to-end tests and the benches.
 *
 * `server: "workerd"` serves the same build in workerd alone, listening on the port itself
 * (scripts/serve-build.ts): no Node proxy in front (vite preview's, which under several test files at once
 * now and then answered 500 when its fetch to workerd failed) and no proxy Worker either. The end-to-end
 * tests use it. `server: "wrangler"` serves it with `wrangler dev`, as a developer would; the load benches
 * use it, for figures comparable with the earlier ones.
 *
 * Under `npm test` and `npm run bench` the app is built once (VIDRIERA_BUILD_DIR, scripts/build-once.ts):
 * workerd and `wrangler dev` then serve a copy of that build, and `vite preview` (which can only serve the last
 * build, see `fromBuild`) serves it in place, so one vite-preview app at a time per build.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { freshLocalState, LOCAL_OBSERVABILITY_OFF, OFFLINE_ENV } from "./local-state.ts";
import { writeDevVars } from "./test-vars.ts";

/**
 * The settings of every app the Chromium tests start, beside each one's own: their sign-ups hash passwords at a
 * test's cost, on the local host only (worker/lib/password-cost.ts). The benches and `npm run dev`
 * keep the production cost.
 */
export const CHROMIUM_TEST_VARS = { PASSWORD_COST: "tests" } as const;

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
    if (server.exitCode !== null) throw new Error(`the local server exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the local server did not answer within 60 s:\n${output()}`);
}

/**
 * Everything lives under `stateDir` (the build in stateDir/dist, local D1/R2/DO
 * beside it), so several runs can go on at once without touching dist/.
 */
export async function startLocalApp(
  stateDir: string,
  // keepState: stop() leaves stateDir in place, for a check of the local database afterwards (bench:load:jobs).
  options: {
    vars?: Record<string, string>;
    staticFiles?: Record<string, string | Uint8Array>;
    keepState?: boolean;
    server?: "vite" | "workerd" | "wrangler";
    /**
     * Serve a copy of this build (another instance's `buildDir`) instead of building again: a second app
     * with other `vars` (e.g. STUDIO_IMITATES) then costs a server start, not a build. It is served by
     * workerd (or `wrangler dev`), which reads the copy's wrangler.json and .dev.vars: `vite preview` would serve the
     * build that .wrangler/deploy/config.json names, the last one built, whatever `--outDir` says.
     */
    fromBuild?: string;
    /** The server can be killed and started again on the same state (restart()), as a fault bench does. */
    restartable?: boolean;
    /** A file that gets the server's output as it comes, for a test process that is not this one (e2e). */
    logFile?: string;
  } = {},
): Promise<{ baseURL: string; buildDir: string; stop: () => void; output: () => string; restart: () => Promise<void> }> {
  rmSync(stateDir, { recursive: true, force: true });
  // Setup lines and the server's output go to one log, shown when something fails: tests stay quiet.
  let log = "";
  // A build made once by the command that started this one (npm test, npm run bench: scripts/build-once.ts).
  const prebuilt = process.env.VIDRIERA_BUILD_DIR;
  const server = options.server ?? (options.fromBuild ? "workerd" : "vite");
  const copyFrom = options.fromBuild ?? (prebuilt && server !== "vite" ? prebuilt : undefined);
  // vite preview can only serve the last build in place (see fromBuild above); workerd and wrangler dev serve a copy.
  const outDir = !copyFrom && prebuilt ? prebuilt : join(stateDir, "dist");
  // Under vitest NODE_ENV is "test", which would make Vite ship React's development build.
  const env = { ...OFFLINE_ENV, ...LOCAL_OBSERVABILITY_OFF, NODE_ENV: "production", VIDRIERA_STATE_DIR: stateDir };
  // The build runs while the local database is prepared. stateDir is fresh, so emptying outDir is safe (and
  // stops Vite's warning about a folder outside the project).
  const building =
    copyFrom || prebuilt
      ? Promise.resolve("")
      : new Promise<string>((done, fail) =>
          execFile("vite", ["build", "--logLevel", "warn", "--emptyOutDir", "--outDir", outDir], { env }, (err, stdout, stderr) =>
            err ? fail(new Error(`vite build failed:\n${stdout}${stderr}`)) : done(`${stdout}${stderr}`),
          ),
        );
  // Awaited below; a failure meanwhile is not left unhandled.
  building.catch(() => undefined);
  try {
    await freshLocalState(stateDir, (line) => {
      log += `${line}\n`;
    });
  } finally {
    log += await building;
  }
  if (copyFrom) cpSync(copyFrom, outDir, { recursive: true });
  if (outDir === prebuilt && options.staticFiles) throw new Error('staticFiles change the build: use server: "workerd" (a copy)');
  // Extra files among the built assets (name → content); the asset server only knows what it finds when it starts.
  for (const [name, content] of Object.entries(options.staticFiles ?? {})) writeFileSync(join(outDir, "client", name), content);
  // `vite preview`, workerd and `wrangler dev` read the Worker's variables from the .dev.vars beside the build, which
  // the build copied from the developer's own: replaced here, so a real provider's key kept there for
  // `npm run dev` never reaches a test or a bench (scripts/test-vars.ts).
  writeDevVars(join(outDir, "vidriera", ".dev.vars"), {
    SESSION_SECRET: randomBytes(32).toString("hex"),
    GOOGLE_SIGN_IN: "simulated",
    ...options.vars,
  });

  const config = join(outDir, "vidriera", "wrangler.json");
  const commandFor = (port: number): [string, string[]] =>
    server === "workerd"
      ? [process.execPath, [join(import.meta.dirname, "serve-build.ts"), config, stateDir, String(port)]]
      : server === "wrangler"
        ? [
            "wrangler",
            [
              "dev",
              "--config",
              config,
              "--persist-to",
              stateDir,
              "--port",
              String(port),
              "--ip",
              "127.0.0.1",
              "--show-interactive-dev-session=false",
            ],
          ]
        : ["vite", ["preview", "--outDir", outDir, "--port", String(port), "--strictPort", "--host", "127.0.0.1"]];
  const launch = (port: number) => {
    const [command, args] = commandFor(port);
    return spawn(command, args, {
      // wrangler's own per-request log lines would cost the load benches more than the Worker's work.
      env: server === "wrangler" ? { ...env, WRANGLER_LOG: "warn" } : env,
      stdio: ["ignore", "pipe", "pipe"],
      // A restartable server leads its own process group, so a kill reaches the workerd under it too.
      detached: options.restartable === true,
    });
  };
  const capture = (started: ChildProcess) => {
    const keep = (chunk: Buffer) => {
      log += chunk;
      if (options.logFile) appendFileSync(options.logFile, chunk);
    };
    started.stdout!.on("data", keep);
    started.stderr!.on("data", keep);
  };
  // A free port is found by listening on port 0 and closing, so something else may take it before the server
  // listens (another app of the run, or the sockets Miniflare opens for itself): then the server exits
  // with "Address already in use" and starts again on another port.
  let port = await freePort();
  let child = launch(port);
  for (let attempt = 1; ; attempt++) {
    const outputBefore = log.length;
    capture(child);
    try {
      await waitUntilUp(`http://localhost:${port}/api/auth/providers`, child, () => log);
      break;
    } catch (error) {
      // Its last words may still be on their way once it has exited.
      if (child.exitCode !== null) await new Promise((done) => (child.stdout!.closed ? done(undefined) : child.once("close", done)));
      const taken = /address already in use|EADDRINUSE/i.test(log.slice(outputBefore));
      if (!taken || attempt === 5) throw error;
      log += `port ${port} was taken before the server listened: starting it on another\n`;
      port = await freePort();
      child = launch(port);
    }
  }
  const baseURL = `http://localhost:${port}`;
  return {
    baseURL,
    buildDir: outDir,
    // What vite preview and workerd printed, for a bench to show why a request failed.
    output: () => log,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) {
        if (options.restartable) process.kill(-child.pid!, "SIGTERM");
        else child.kill("SIGTERM");
      }
      if (!options.keepState) rmSync(stateDir, { recursive: true, force: true });
    },
    /**
     * Kills the whole server at once (wrangler and its workerd: in-memory queues lost, nothing flushed) and
     * starts it again on the same state and port. Only with `restartable` (a workerd or wrangler server).
     */
    restart: async () => {
      if (!options.restartable) throw new Error("startLocalApp: restart needs { restartable: true }");
      const gone = new Promise((done) => child.once("exit", done));
      process.kill(-child.pid!, "SIGKILL");
      await gone;
      child = launch(port);
      capture(child);
      await waitUntilUp(`${baseURL}/api/auth/providers`, child, () => log);
    },
  };
}
