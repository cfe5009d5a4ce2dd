/**
 * `npm run dev`: everything a fresh clone needs, offline, then Vite with the
 * Worker inside. Extra arguments go to Vite (`npm run dev -- --port 3000`).
 * Its output is sorted by scripts/dev-output.ts: the setup in plain words,
 * the local mail framed, the Worker's request lines in a file.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { devOutput, localAddress, readyMessage, REQUEST_LOG } from "./dev-output.ts";
import { ensureDevVars, OFFLINE_ENV, prepareLocalState } from "./local-state.ts";

console.log("Preparando Vidriera en tu computadora (no hace falta internet ni una cuenta de Cloudflare)…");
ensureDevVars();
const seller = await prepareLocalState();
mkdirSync(".wrangler", { recursive: true });

const vite = spawn("vite", process.argv.slice(2), { stdio: ["inherit", "pipe", "pipe"], env: { ...OFFLINE_ENV, FORCE_COLOR: "1" } });
const sort = devOutput();
let announced = false;
for (const stream of [vite.stdout, vite.stderr]) {
  createInterface({ input: stream }).on("line", (raw) => {
    const line = sort(raw);
    if ("show" in line) console.log(line.show);
    else if ("file" in line) {
      appendFileSync(REQUEST_LOG, `${line.file}\n`);
      if (line.notice) console.log(line.notice);
    }
    const url = localAddress(raw);
    if (url && !announced) {
      announced = true;
      console.log(readyMessage(url, seller));
    }
  });
}
vite.on("exit", (code) => process.exit(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => vite.kill(signal));
