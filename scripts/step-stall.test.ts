import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { processTree, watchForStall } from "./step-stall.ts";

/** Running: in /proc and not a zombie waiting to be reaped. */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

describe.runIf(process.platform === "linux")("a step that hangs", () => {
  it("is killed, with everything it started, once its processes use no CPU for the stretch", async () => {
    // A parent waiting on a child that waits too, as vitest waited on an idle workerd.
    const parent = spawn(
      process.execPath,
      ["-e", "require('node:child_process').spawn('sleep', ['60'], { stdio: 'ignore' }); setInterval(() => {}, 1000);"],
      {
        stdio: "ignore",
      },
    );
    await expect.poll(() => processTree(parent.pid!).length, { timeout: 10_000 }).toBe(2);
    const tree = processTree(parent.pid!).map((p) => p.pid);
    const exited = new Promise((done) => parent.on("exit", done));
    const idle = await new Promise<number>((done) => watchForStall(parent.pid!, done, { stallSeconds: 1 }));
    await exited;
    expect(idle).toBeGreaterThanOrEqual(1);
    await expect.poll(() => tree.filter(alive), { timeout: 10_000 }).toEqual([]);
  });

  it("is left alone while it works, however long", async () => {
    const busy = spawn(process.execPath, ["-e", "const end = Date.now() + 4000; while (Date.now() < end) {}"], { stdio: "ignore" });
    let stalled = false;
    const stop = watchForStall(busy.pid!, () => (stalled = true), { stallSeconds: 2, idleCpuSeconds: 0.2 });
    const code = await new Promise((done) => busy.on("exit", done));
    stop();
    expect(code).toBe(0);
    expect(stalled).toBe(false);
  });
});
