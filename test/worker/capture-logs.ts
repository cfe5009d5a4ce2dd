/**
 * The Worker writes one JSON line per API call and per job step (worker/lib/log.ts). In tests those
 * lines are captured here instead of printed, so a green run shows only vitest's summary; tests read
 * them with workerLogs() where the line is part of the behaviour (a fault, a refund, a job step), and a
 * failing test prints the lines it produced, to say why. Anything else written to the console (not one
 * of our JSON lines) still reaches the report: it is noise to fix, not to hide.
 *
 * A plain wrapper rather than vi.spyOn, so a test's own spies and vi.restoreAllMocks() stack on top of
 * it without removing it. Tests share the isolate with the Worker and its Durable Objects, so job lines
 * written there arrive here too.
 */
import { beforeEach } from "vitest";
import { OUTBOX_CONSOLE_MARK } from "../../worker/email/outbox";

export interface LogLine {
  level: "info" | "warn" | "error";
  message: string;
  requestId?: string;
  job?: string;
  status?: number;
  [field: string]: unknown;
}

const METHODS = ["log", "info", "warn", "error", "debug"] as const;
const installed = Symbol.for("vidriera.capture-logs");

interface Capture {
  lines: LogLine[];
  mail: string[];
  print: (...args: unknown[]) => void;
}

function install(): Capture {
  const global = globalThis as { [installed]?: Capture };
  if (global[installed]) return global[installed];
  const print = console.error.bind(console);
  const capture: Capture = { lines: [], mail: [], print };
  for (const method of METHODS) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const [first] = args;
      if (args.length === 1 && typeof first === "string" && first.startsWith('{"level":')) {
        capture.lines.push(JSON.parse(first) as LogLine);
        return;
      }
      // The offline mailer's copy for the developer's console (worker/email/outbox.ts): the tests read the
      // message from its D1 row, so the copy is kept with the lines a failed test prints.
      if (args.length === 1 && typeof first === "string" && first.trimStart().startsWith(OUTBOX_CONSOLE_MARK)) {
        capture.mail.push(first.trim());
        return;
      }
      original(...args);
    };
  }
  global[installed] = capture;
  return capture;
}

const capture = install();

/** The Worker's log lines written since the current test began, oldest first. */
export function workerLogs(filter: Partial<Pick<LogLine, "level" | "message">> = {}): LogLine[] {
  return capture.lines.filter(
    (line) => (filter.level ? line.level === filter.level : true) && (filter.message ? line.message === filter.message : true),
  );
}

// Cleared before each test rather than after it: a failed test's lines must still be there to print.
beforeEach(({ onTestFailed }) => {
  capture.lines.length = 0;
  capture.mail.length = 0;
  onTestFailed(() => {
    if (capture.lines.length > 0)
      capture.print(`The Worker's log lines in this test:\n${capture.lines.map((line) => JSON.stringify(line)).join("\n")}`);
    if (capture.mail.length > 0) capture.print(`The e-mails the offline mailer printed in this test:\n${capture.mail.join("\n\n")}`);
  });
});
