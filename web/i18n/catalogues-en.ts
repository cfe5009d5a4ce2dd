// Every folder's English catalogue, compiled: one chunk, loaded only for a seller who reads English.
import type { Messages } from "@lingui/core";
import { merged } from "./merge";

export const messages = merged(
  import.meta.glob<Messages>(["../features/*/texts/en.ts", "../ui/texts/en.ts", "../lib/texts/en.ts"], {
    query: "?lingui",
    import: "default",
    eager: true,
  }),
);
