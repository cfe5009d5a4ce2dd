/**
 * What `npm run dev` shows of Vite's and the Worker's output: the setup in plain words, the local
 * e-mail framed so it stands out, and the Worker's JSON request lines moved to a file
 * (.wrangler/dev-requests.log) instead of scrolling the mail away. A failed request still gets one
 * short line, so nothing broken goes unseen.
 */
import { stripVTControlCharacters } from "node:util";

/** Where the request lines go. */
export const REQUEST_LOG = ".wrangler/dev-requests.log";

const MAIL_START = "[outbox] ";
const MAIL_END = "(también en /api/dev/outbox)";

export type DevLine =
  /** Shown as it came. */
  | { show: string }
  /** Only written to REQUEST_LOG, with an optional short notice on screen. */
  | { file: string; notice?: string }
  /** Said already in our own words (wrangler's "Using secrets defined in .dev.vars"). */
  | { drop: true };

/** Reads Vite's output line by line, remembering whether it is inside an e-mail. */
export function devOutput() {
  let inMail = false;
  return (raw: string): DevLine => {
    const line = stripVTControlCharacters(raw);
    if (inMail) {
      if (line.trim() === MAIL_END) {
        inMail = false;
        return { show: `${MAIL_END}\n└────────────────────────────────────────` };
      }
      return { show: `│ ${line}` };
    }
    if (line.startsWith(MAIL_START)) {
      inMail = true;
      return { show: `\n┌─ Correo local ─────────────────────────\n│ ${line.slice(MAIL_START.length)}` };
    }
    if (line.startsWith("Using secrets defined in .dev.vars")) return { drop: true };
    const entry = jsonLine(line);
    if (!entry) return { show: raw };
    const failed = entry.level === "error" || (typeof entry.status === "number" && entry.status >= 500);
    const what = entry.method && entry.route ? `${entry.method} ${entry.route}` : String(entry.message ?? "");
    return {
      file: line,
      ...(failed ? { notice: `  ⚠ ${what}${entry.status ? ` respondió ${entry.status}` : ` falló`} (detalle en ${REQUEST_LOG})` } : {}),
    };
  };
}

function jsonLine(line: string): Record<string, unknown> | null {
  if (!line.startsWith("{")) return null;
  try {
    const value = JSON.parse(line) as unknown;
    return value && typeof value === "object" && "level" in value ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The Local address Vite prints once it is ready, if `raw` is that line. */
export function localAddress(raw: string): string | null {
  return /Local:\s+(http\S+)/.exec(stripVTControlCharacters(raw))?.[1]?.replace(/\/$/, "") ?? null;
}

/** What we say once the app is up: where it is, who to sign in as, where mail and request lines go. */
export function readyMessage(url: string, seller: { email: string; password: string }): string {
  return [
    "",
    `  Vidriera está lista en ${url}`,
    `  Entra con la vendedora de prueba: ${seller.email} / ${seller.password}`,
    `  Los correos (por ejemplo, para recuperar la contraseña) aparecen aquí y en ${url}/api/dev/outbox.`,
    `  El registro de cada solicitud a la API queda en ${REQUEST_LOG}; aquí solo se avisan las que fallan.`,
    "  Todo funciona sin internet: imágenes con el estudio local, pagos simulados, Google simulado.",
    "",
  ].join("\n");
}
