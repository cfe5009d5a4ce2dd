/**
 * `npm run test:stress`: the end-to-end tests on a machine that is busy with
 * something else. scripts/cpu-hog.ts keeps one thread per core spinning while
 * the e2e project runs (build, vite preview, workerd and Chromium all compete
 * with it), then each test's time is printed, slowest first, so a test that
 * only passes on an idle machine shows up here before it fails in CI.
 *
 * Not part of `npm test`. Extra arguments go to vitest (e.g. a test file).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string; duration?: number | null }[] }[];
}

const reportDir = mkdtempSync(join(tmpdir(), "vidriera-stress-"));
const reportFile = join(reportDir, "e2e.json");

// IPC: when this script ends, however it ends, the hog sees the channel close and stops (it also stops on its own).
const hog = spawn("node", ["scripts/cpu-hog.ts", "3600"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
const started = Date.now();

const code = await new Promise<number>((done) => {
  const vitest = spawn(
    "vitest",
    ["run", "--project", "e2e", "--reporter=default", "--reporter=json", `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  vitest.on("exit", (status, signal) => done(status ?? (signal ? 1 : 0)));
});
hog.kill("SIGTERM");
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

let report: JsonReport | undefined;
try {
  report = JSON.parse(readFileSync(reportFile, "utf8")) as JsonReport;
} catch {
  console.error("test:stress: vitest wrote no report");
}
rmSync(reportDir, { recursive: true, force: true });

if (report) {
  const rows = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      file: file.name.replace(`${process.cwd()}/`, ""),
      test: test.fullName,
      status: test.status,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
  rows.sort((a, b) => b.seconds - a.seconds);
  console.log("\ntest:stress: each end-to-end test's time with every core busy (slowest first)");
  for (const row of rows) {
    const mark = row.status === "passed" ? " " : "✗";
    console.log(`${mark} ${row.seconds.toFixed(1).padStart(6)} s  ${row.file}  ${row.test}`);
  }
  console.log(
    `test:stress: ${report.numPassedTests}/${report.numTotalTests} passed, ${report.numFailedTests} failed, ${minutes} min in all (build and server start included)`,
  );
}
process.exit(code);
