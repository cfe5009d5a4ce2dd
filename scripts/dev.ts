/**
 * `npm run dev`: everything a fresh clone needs, offline, then Vite with the
 * Worker inside. Extra arguments go to Vite (`npm run dev -- --port 3000`).
 */
import { spawn } from "node:child_process";
import { ensureDevVars, OFFLINE_ENV, prepareLocalState } from "./local-state.ts";

ensureDevVars();
const { email, password } = await prepareLocalState();

const vite = spawn("vite", process.argv.slice(2), { stdio: "inherit", env: OFFLINE_ENV });
console.log(`\n  Vendedora de prueba: ${email} / ${password}\n`);
vite.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => vite.kill(signal));
